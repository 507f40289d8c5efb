package solutions.stage1;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import one.nio.http.HttpException;
import one.nio.http.HttpServer;
import one.nio.http.Request;
import one.nio.net.Socket;
import one.nio.util.Utf8;

/**
 * one-nio's session with a strict request parser. one-nio frames a body only by Content-Length: a chunked body
 * (what {@code curl -T -} and java.net.http's streaming publishers send) is taken as no body, so the node stored an
 * empty value and then parsed the chunks as the next request; with both headers it read Content-Length bytes of chunk
 * syntax. Its parser loop is a protected method that takes every byte read, so this session replaces that loop (the
 * same line handling, the same one-nio hooks for bodies and requests) and decodes chunked bodies instead of refusing
 * them: clients that stream a body then just work, and a 411 would only push them to buffer the body themselves.
 * Everything the session refuses is answered with the status and reason, then the connection closes, and logged.
 */
public class StrictHttpSession extends PausingPipelineSession {
    private static final int MAX_HEADERS = 256;
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** The chunked body being read for {@link #parsing}, or null. */
    private ChunkedBodyDecoder chunked;

    public StrictHttpSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    @Override
    protected int processHttpBuffer(byte[] buffer, int length) throws IOException, HttpException {
        try {
            return parse(buffer, length);
        } catch (Refusal r) {
            chunked = null;
            parsing = null;
            sendError(r.status(), r.getMessage() + "\n");
            return length;
        }
    }

    private int parse(byte[] buffer, int length) throws IOException, HttpException {
        int lineStart = 0;
        if (chunked != null) {
            lineStart = chunked.feed(buffer, 0, length);
            if (!chunked.done()) {
                return length;
            }
            if (!finishChunked()) {
                return lineStart;
            }
        } else if (parsing != null && parsing.getBody() != null) {
            byte[] body = parsing.getBody();
            int remaining = Math.min(length, body.length - requestBodyOffset);
            System.arraycopy(buffer, 0, body, requestBodyOffset, remaining);
            requestBodyOffset += remaining;
            if (requestBodyOffset < body.length) {
                return length;
            }
            if (closing) {
                return remaining;
            }
            handleParsedRequest();
            lineStart = remaining;
        }
        for (int i = lineStart; i < length; i++) {
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
                BodyFraming framing = framingOf(parsing);
                if (next == length && framing.hasBody()) {
                    continueIfExpected();
                }
                if (framing.chunked()) {
                    chunked = new ChunkedBodyDecoder(getMaxRequestBodyLength(), this::reserveChunk);
                    next = chunked.feed(buffer, next, length);
                    if (!chunked.done()) {
                        return length;
                    }
                    if (!finishChunked()) {
                        return next;
                    }
                } else {
                    if (framing.contentLength() != null) {
                        next += startParsingRequestBody(framing.contentLength(), buffer, next, length - next);
                        if (requestBodyOffset < parsing.getBody().length) {
                            return next;
                        }
                    }
                    if (closing) {
                        return next;
                    }
                    handleParsedRequest();
                }
            }
            lineStart = next;
            i = next - 1;
        }
        return lineStart;
    }

    /** The request line, strictly ({@link RequestLine}): 400 for a malformed target, 501 for an unknown method. */
    @Override
    protected Request parseRequest(byte[] buffer, int start, int length) throws HttpException {
        return RequestLine.parse(buffer, start, length);
    }

    /** How the body of a request whose headers are all read is delimited; a {@link Refusal} when that is unclear. */
    protected BodyFraming framingOf(Request request) throws Refusal {
        return BodyFraming.of(request);
    }

    /**
     * Answers {@code Expect: 100-continue} (RFC 9110 10.1.1) when the client waits for it before sending the body:
     * curl does for uploads and otherwise waits a second. Only when no earlier answer on this connection is pending,
     * since a 100 must not overtake it; a client that gets none sends the body after its timeout anyway.
     */
    protected void continueIfExpected() throws IOException {
        if (handling == null && pipeline.isEmpty() && parsing.isHttp11()
                && "100-continue".equalsIgnoreCase(parsing.getHeader("Expect:"))) {
            write(CONTINUE, 0, CONTINUE.length);
        }
    }

    /** Hands the request with its decoded body on; false when the session is closing and nothing more is read. */
    private boolean finishChunked() throws IOException {
        parsing.setBody(chunked.body());
        if (chunked.refusal() != null) {
            refuseChunked(parsing, chunked.refusal());
        }
        chunked = null;
        if (closing) {
            return false;
        }
        handleParsedRequest();
        return true;
    }

    /**
     * Reserves memory for one chunk of a chunked body before it is kept: null when reserved, else why not. Bodies are
     * not budgeted here; {@link BodyBudgetSession} does that.
     */
    protected String reserveChunk(long bytes) {
        return null;
    }

    /** A chunked body was dropped for {@code reason}: the request must be answered with it, not handled. */
    protected void refuseChunked(Request request, String reason) {
        throw new IllegalStateException("a chunk was refused without a budget: " + reason);
    }

    /** Every refusal, one-nio's too (413 for a body over the limit, "Line too long"), is logged with its reason. */
    @Override
    public synchronized void sendError(String code, String message) throws IOException {
        ConnectionLog.warn("refused a request from " + getRemoteHost() + " with " + code
                + (message == null || message.isBlank() ? "" : ": " + message.strip()) + "; closing the connection");
        super.sendError(code, message);
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
