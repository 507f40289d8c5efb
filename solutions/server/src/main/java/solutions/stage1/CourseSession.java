package solutions.stage1;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import one.nio.http.HttpException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;
import one.nio.util.Utf8;

/**
 * One client connection of a course node, at every stage: one-nio's session with a strict parser, whose policies are
 * the {@link SessionParts} it is given (framing, memory for bodies and for unsent answers, how an answer is written
 * and waited for, timeouts). What it guarantees whichever parts it has:
 * <ul>
 * <li>Answers leave in the order their requests came (RFC 9112 9.3.2), whichever thread produces them. A request the
 * session answers itself (bytes it cannot parse, a body over the budget) is answered in its turn, after the answers
 * to the requests before it.</li>
 * <li>Nothing after a request that ends the connection ({@code Connection: close}, HTTP/1.0, a parse error) is
 * handled (RFC 9112 9.6): the session stops reading there.</li>
 * <li>Memory per connection is bounded: at most {@value #PIPELINE_LIMIT} requests wait, and nothing more is read
 * while an answer waits for the client to take it; one-nio instead closed the connection at its 257th pipelined
 * request with every answer lost, and kept reading from clients that never read.</li>
 * <li>A connection that idles, or sends its headers too slowly, is closed ({@link Timeouts}).</li>
 * <li>A body refused as too large is read and dropped after its answer, within bounds, before the connection closes
 * (a lingering close, RFC 9112 9.6): closed at once, the kernel answers the bytes the client still sends with a
 * reset, and the client, busy sending, never reads why.</li>
 * </ul>
 * Answers may come from any thread (workers, a peer's reply): everything that touches the pipeline holds the
 * session's lock, which one-nio's selector holds too while it reads.
 */
public class CourseSession extends HttpSession {
    static final int PIPELINE_LIMIT = 256;
    private static final int MAX_HEADERS = 256;
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO_BODY = new byte[0];
    /** How long the rest of a refused body is read at most ({@link Framing#maxLingerBytes} bounds how much). */
    static final long LINGER_MILLIS = 10_000;

    private final SessionParts parts;
    /** Requests read and not answered yet, oldest first; the first is with the server once {@link #headStarted}. */
    private final ArrayDeque<Exchange> exchanges = new ArrayDeque<>();

    private boolean headStarted;
    /** Set while requests are being started, so that an answer given at once does not start the next recursively. */
    private boolean starting;
    /** Nothing more is read: a request ended the connection, or the client closed its side. */
    private boolean readingDone;

    private boolean clientFinished;
    /** Reading stopped because {@value #PIPELINE_LIMIT} requests wait; it resumes when half are answered. */
    private boolean pipelineFull;

    /** The chunked body being read for {@link #parsing}, or null. */
    private ChunkedBodyDecoder chunked;
    /** Bytes the body of {@link #parsing} holds in the budget for bodies. */
    private long parsingReserved;
    /** The answer of {@link #parsing} when its body did not fit in the budget, else null. */
    private Response parsingRefused;
    /** Bytes of a refused body still to come from the socket, to be dropped. */
    private long bytesToDrop;
    /** When the request whose line or headers are still being read started, or 0. */
    private long headersSinceMillis;
    /** What the refusal being queued leaves of its body on the way (see {@link Refusal#bodyStillComing}). */
    private long refusedBodyStillComing;
    /** Bytes still to read and drop before closing, after the answer to a refused body; 0 when not lingering. */
    private long lingerBytesLeft;
    /** When the lingering began. */
    private long lingerSinceMillis;

    public CourseSession(Socket socket, HttpServer server, SessionParts parts) {
        super(socket, server);
        this.parts = parts;
    }

    /**
     * Sends an answer from a thread that is not the session's selector (a worker, a peer's reply): a client that went
     * away costs its own session, never the thread that answers, which has other sessions to serve.
     */
    public static void sendOrClose(HttpSession session, Response response) {
        try {
            session.sendResponse(response);
        } catch (IOException | RuntimeException e) {
            session.close();
        }
    }

    // ---- reading ----

    @Override
    protected void processRead(byte[] buffer) throws IOException {
        super.processRead(buffer);
        updateInterest(); // one-nio subscribes to reads again after every read
    }

    @Override
    protected int processHttpBuffer(byte[] buffer, int length) throws IOException, HttpException {
        if (readingDone) {
            if (lingerBytesLeft > 0) {
                dropLingering(length);
            }
            return length; // what follows a request that ended the connection is never handled
        }
        int from = (int) Math.min(length, bytesToDrop);
        bytesToDrop -= from;
        int processed;
        try {
            processed = from == length ? length : parse(buffer, from, length);
        } catch (Refusal r) {
            refusedBodyStillComing = r.bodyStillComing();
            refuse(Responses.text(r.status(), r.getMessage() + "\n"));
            return length;
        } catch (HttpException e) { // from a request-line parser other than the reference's
            refuse(Responses.text(Response.BAD_REQUEST, e.getMessage() + "\n"));
            return length;
        }
        boolean headersPending = parsing != null ? parsing.getBody() == null && chunked == null : processed < length;
        if (!headersPending) {
            headersSinceMillis = 0;
        } else if (headersSinceMillis == 0) {
            headersSinceMillis = System.currentTimeMillis();
        }
        return processed;
    }

    /** Parses {@code buffer[from, length)}; returns where the unparsed rest (a partial line) starts. */
    private int parse(byte[] buffer, int from, int length) throws IOException, HttpException {
        int lineStart = from;
        if (chunked != null) {
            lineStart = chunked.feed(buffer, from, length);
            if (!chunked.done()) {
                return length;
            }
            finishChunked();
        } else if (parsing != null && parsing.getBody() != null) {
            byte[] body = parsing.getBody();
            int remaining = Math.min(length - from, body.length - requestBodyOffset);
            System.arraycopy(buffer, from, body, requestBodyOffset, remaining);
            requestBodyOffset += remaining;
            if (requestBodyOffset < body.length) {
                return length;
            }
            queueParsed();
            lineStart = from + remaining;
        }
        for (int i = lineStart; i < length && !readingDone; i++) {
            if (buffer[i] != '\n') {
                continue;
            }
            int lineLength = i - lineStart - (i > lineStart && buffer[i - 1] == '\r' ? 1 : 0);
            int next = i + 1;
            if (parsing == null) {
                if (lineLength > 0) { // blank lines between requests are allowed (RFC 9112 2.2)
                    parsing = parseRequest(buffer, lineStart, lineLength);
                }
            } else if (lineLength > 0) {
                if (parsing.getHeaderCount() >= MAX_HEADERS) {
                    throw new Refusal("431 Request Header Fields Too Large", "more than " + MAX_HEADERS + " headers");
                }
                parsing.addHeader(Utf8.read(buffer, lineStart, lineLength));
            } else {
                next = startBody(buffer, next, length);
                if (next < 0) {
                    return length; // the body goes on in later reads
                }
            }
            lineStart = next;
            i = next - 1;
        }
        if (readingDone) {
            return length;
        }
        if (length - lineStart > fragment.length) { // one-nio keeps at most this much of a line between reads
            throw parts.framing().lineTooLong(parsing == null, fragment.length);
        }
        return lineStart;
    }

    /** The request line, by the framing part (strict: 400 for a malformed target, 501 for an unknown method). */
    @Override
    protected Request parseRequest(byte[] buffer, int start, int length) throws HttpException {
        return parts.framing().requestLine(buffer, start, length);
    }

    /**
     * The headers of {@link #parsing} are complete and its body starts at {@code offset}: reads what of it is here.
     * Returns where the next request starts, or -1 when the body goes on in later reads.
     */
    private int startBody(byte[] buffer, int offset, int length) throws IOException, Refusal {
        BodyFraming framing = parts.framing().bodyOf(parsing);
        parts.framing().checkHost(parsing);
        if (offset == length && framing.hasBody()) {
            continueIfExpected();
        }
        if (framing.chunked()) {
            chunked = parts.framing().chunkedBody(parts.framing().maxBodyBytes(framing), this::reserveChunk);
            int next = chunked.feed(buffer, offset, length);
            if (!chunked.done()) {
                return -1;
            }
            finishChunked();
            return next;
        }
        if (!framing.hasBody()) {
            queueParsed();
            return offset;
        }
        long bodyLength = Long.parseLong(framing.contentLength());
        int max = parts.framing().maxBodyBytes(framing);
        if (bodyLength > max) {
            throw new Refusal(
                    Response.REQUEST_ENTITY_TOO_LARGE,
                    "a body of " + bodyLength + " bytes is larger than this node's limit of " + max
                            + " bytes: send smaller values",
                    Math.max(0, bodyLength - (length - offset)));
        }
        int here = (int) Math.min(length - offset, bodyLength);
        long footprint = HeapFootprint.ofArray(bodyLength);
        if (!parts.bodies().tryReserve(footprint)) {
            // Never allocated: its bytes are read off the socket and dropped, and the request is answered in its turn.
            ByteBudget bodies = parts.bodies();
            parsingRefused = bodies.couldEverFit(footprint)
                    ? busy(bodies.busyReason(bodyLength))
                    : Responses.text(Response.REQUEST_ENTITY_TOO_LARGE, bodies.tooLargeReason(bodyLength));
            bytesToDrop = bodyLength - here;
            parsing.setBody(NO_BODY);
            queueParsed();
            return offset + here;
        }
        parsingReserved += footprint;
        byte[] body = new byte[(int) bodyLength];
        System.arraycopy(buffer, offset, body, 0, here);
        requestBodyOffset = here;
        parsing.setBody(body);
        if (here < bodyLength) {
            return -1;
        }
        queueParsed();
        return offset + here;
    }

    /**
     * Answers {@code Expect: 100-continue} (RFC 9110 10.1.1) when the client waits for it before sending the body.
     * Only when no earlier answer on this connection is pending, since a 100 must not overtake it; a client that gets
     * none sends the body after its timeout anyway.
     */
    private void continueIfExpected() throws IOException {
        if (parts.framing().answersExpectContinue()
                && exchanges.isEmpty()
                && parsing.isHttp11()
                && "100-continue".equalsIgnoreCase(parsing.getHeader("Expect:"))) {
            write(CONTINUE, 0, CONTINUE.length);
        }
    }

    /**
     * Reserves memory for one chunk of a chunked body before it is kept: null when reserved, else why not. Twice its
     * size: the decoder's buffer grows by doubling and the finished body is one more copy.
     */
    protected String reserveChunk(long bytes) {
        long needed = 2 * bytes;
        ByteBudget bodies = parts.bodies();
        if (!bodies.tryReserve(needed)) {
            // Give back this body's earlier chunks at once, not when its last byte was dropped: streams that each
            // hold part of the budget while waiting for more would otherwise all fail together.
            bodies.release(parsingReserved);
            parsingReserved = 0;
            return bodies.couldEverFit(needed) ? bodies.busyReason(needed) : bodies.tooLargeReason(needed);
        }
        parsingReserved += needed;
        return null;
    }

    private void finishChunked() throws IOException {
        parsing.setBody(chunked.body());
        if (chunked.refusal() != null) {
            parsingRefused = busy(chunked.refusal());
        }
        chunked = null;
        queueParsed();
    }

    private static Response busy(String reason) {
        Response answer = Responses.text(Response.SERVICE_UNAVAILABLE, reason);
        answer.addHeader("Retry-After: 1");
        return answer;
    }

    /** The request in {@link #parsing} is read whole: it joins the pipeline. */
    private void queueParsed() throws IOException {
        Exchange exchange = Exchange.of(parsing, parsingReserved, parsingRefused);
        parsing = null;
        requestBodyOffset = 0;
        parsingReserved = 0;
        parsingRefused = null;
        headersSinceMillis = 0;
        enqueue(exchange);
    }

    /**
     * What was read cannot be a request: answered with {@code answer} in its turn, then the connection ends, since
     * nobody can tell where the next request would start. Logged with its reason.
     */
    protected void refuse(Response answer) throws IOException {
        ConnectionLog.warn("refused a request from " + getRemoteHost() + " with " + answer.getHeaders()[0]
                + reasonOf(answer) + "; closing the connection");
        parts.bodies().release(parsingReserved);
        parsingReserved = 0;
        parsingRefused = null;
        parsing = null;
        chunked = null;
        bytesToDrop = 0;
        requestBodyOffset = 0;
        headersSinceMillis = 0;
        long stillComing = refusedBodyStillComing;
        refusedBodyStillComing = 0;
        enqueue(Exchange.refusal(answer, stillComing));
    }

    private static String reasonOf(Response answer) {
        byte[] body = answer.getBody();
        String text = body == null ? "" : new String(body, StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? "" : ": " + text;
    }

    /** one-nio's own refusals (it calls this for what its reader rejects) are answered in order like ours. */
    @Override
    public synchronized void sendError(String code, String message) throws IOException {
        server.incRequestsRejected();
        refuse(Responses.text(code, message == null ? "" : message));
    }

    /** The client closed its side: what it sent before is answered, then the connection closes. */
    @Override
    protected void handleSocketClosed() {
        clientFinished = true;
        readingDone = true;
        if (exchanges.isEmpty()) {
            scheduleClose();
        } else {
            updateInterest();
        }
    }

    // ---- the pipeline ----

    private void enqueue(Exchange exchange) throws IOException {
        exchanges.addLast(exchange);
        if (exchange.lastOnConnection()) {
            readingDone = true;
        }
        if (exchanges.size() >= PIPELINE_LIMIT) {
            pauseReading();
        }
        startNext();
    }

    /**
     * {@value #PIPELINE_LIMIT} requests wait: nothing more is read until half of them are answered. The client's
     * writes then block in the kernel's buffers (TCP flow control), and none of its requests is lost.
     */
    protected void pauseReading() throws IOException {
        pipelineFull = true;
    }

    /**
     * Starts the oldest request if none is with the server: answers it if the session has its answer, else hands it
     * to the server. A loop, not recursion: a server that answers at once (stage 1) answers inside handleRequest.
     */
    private void startNext() throws IOException {
        if (starting) {
            return;
        }
        starting = true;
        try {
            while (!headStarted && !exchanges.isEmpty() && !closing) {
                Exchange next = exchanges.peekFirst();
                headStarted = true;
                handling = next.request();
                if (next.prepared() != null) {
                    answer(next, next.prepared());
                } else {
                    server.handleRequest(next.request(), this);
                }
            }
        } finally {
            starting = false;
        }
    }

    @Override
    public synchronized void sendResponse(Response response) throws IOException {
        Exchange head = exchanges.peekFirst();
        if (head == null || !headStarted) {
            throw new IOException("no request is waiting for an answer on this connection");
        }
        if (parts.deferral().defer(response, later -> sendOrClose(this, later))) {
            return;
        }
        answer(head, response);
    }

    /** Writes the answer of the oldest exchange, then starts the next one, or ends the connection if it asked. */
    private void answer(Exchange head, Response response) throws IOException {
        exchanges.removeFirst();
        headStarted = false;
        handling = null;
        server.incRequestsProcessed();
        boolean last = head.lastOnConnection();
        Admission admitted = parts.writer().admit(response, head.answerHasBody());
        admitted.answer().addHeader(last ? "Connection: close" : "Connection: Keep-Alive");
        try {
            parts.writer().write(this, admitted);
        } finally {
            head.release(parts.bodies());
        }
        if (last || (clientFinished && exchanges.isEmpty())) {
            dropPipeline();
            long linger = clientFinished
                    ? 0
                    : Math.min(head.bodyStillComing(), parts.framing().maxLingerBytes());
            if (linger > 0) {
                lingerBytesLeft = linger;
                lingerSinceMillis = System.currentTimeMillis();
                updateInterest();
            } else {
                scheduleClose();
            }
            return;
        }
        if (pipelineFull && exchanges.size() <= PIPELINE_LIMIT / 2) {
            pipelineFull = false;
        }
        startNext();
        updateInterest();
    }

    /**
     * Drops {@code bytes} of a refused body read while lingering; once as many as the client announced (or the bound)
     * are read, the connection closes, and with nothing unread left the client sees an orderly end, not a reset.
     */
    private void dropLingering(int bytes) {
        lingerBytesLeft -= bytes;
        if (lingerBytesLeft <= 0) {
            lingerBytesLeft = 0;
            scheduleClose();
        }
    }

    private void dropPipeline() {
        readingDone = true;
        for (Exchange e : exchanges) {
            e.release(parts.bodies());
        }
        exchanges.clear();
    }

    // ---- writing, subscriptions, timeouts, closing ----

    /** After the queue drained one-nio subscribes to reads again; this session reads only when it wants to. */
    @Override
    protected void processWrite() throws Exception {
        super.processWrite();
        updateInterest();
    }

    /**
     * Reads only while nothing waits to be written (a client that does not take its answers is not read from), the
     * pipeline has room, and the connection is not ending, or while the rest of a refused body is read and dropped.
     */
    private void updateInterest() {
        if (closing || selector == null || !socket.isOpen()) {
            return;
        }
        boolean reads = lingerBytesLeft > 0 || !(readingDone || pipelineFull);
        listen(queueHead != null ? WRITEABLE : reads ? READABLE : 0);
    }

    /** Run about once a second by one-nio's cleanup thread: timeouts ({@link Timeouts}). */
    @Override
    public synchronized int checkStatus(long currentTime, long keepAlive) {
        if (closing) {
            return ACTIVE;
        }
        if (lingerBytesLeft > 0) {
            return currentTime - lingerSinceMillis > LINGER_MILLIS ? IDLE : ACTIVE;
        }
        Timeouts timeouts = parts.timeouts();
        if (headersSinceMillis != 0 && currentTime - headersSinceMillis > timeouts.headerMillis() && !readingDone) {
            try {
                refuse(Responses.text(
                        "408 Request Timeout",
                        "the request's line and headers did not arrive within " + timeouts.headerMillis() + " ms\n"));
            } catch (IOException e) {
                return STALE;
            }
            return ACTIVE;
        }
        return quiet() && currentTime - lastAccessTime > timeouts.idleMillis() ? IDLE : ACTIVE;
    }

    /** No request in progress and nothing left to send: closing the connection loses nothing. */
    private boolean quiet() {
        return exchanges.isEmpty()
                && queueHead == null
                && parsing == null
                && chunked == null
                && headersSinceMillis == 0;
    }

    /** Since when this connection has been idle (milliseconds of the clock), or -1 when it is not idle. */
    synchronized long idleSince() {
        return closing || !quiet() ? -1 : lastAccessTime;
    }

    /**
     * Closes the connection to give its descriptor to a new client, if it is still idle since {@code since}; false
     * when it started a request meanwhile. The close happens on the session's selector thread, as one-nio's own
     * delayed close does (closing, then a write event: {@code Session.processWrite} closes a closing session with
     * nothing left to send). Closed from another thread, a socket of one-nio's Java selector keeps its descriptor
     * until that selector next wakes, and an idle selector may sleep for good.
     */
    synchronized boolean closeIfIdleSince(long since) {
        if (idleSince() != since) {
            return false;
        }
        closing = true;
        listen(WRITEABLE);
        return true;
    }

    /** A closed connection gives back what its unanswered requests hold, including a body half received. */
    @Override
    public synchronized void close() {
        try {
            super.close();
        } finally {
            dropPipeline();
            parts.bodies().release(parsingReserved);
            parsingReserved = 0;
        }
    }

    /**
     * one-nio closes the connection on any other fault: say so, unless it is the client's own doing (a reset or a
     * closed socket is an IOException, and clients do that all the time).
     */
    @Override
    public void handleException(Throwable e) {
        if (!(e instanceof IOException)) {
            ConnectionLog.warn("closing the connection from " + getRemoteHost() + " without an answer: " + e);
        }
        super.handleException(e);
    }
}
