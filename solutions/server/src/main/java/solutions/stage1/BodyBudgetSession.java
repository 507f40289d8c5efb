package solutions.stage1;

import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;
import one.nio.http.HttpException;
import one.nio.http.HttpServer;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;

/**
 * A session that allocates a request's body only after reserving its bytes in the process's {@link BodyBudget}, and
 * gives them back when the request is answered or the connection closes. A body that does not fit is never
 * allocated: its bytes are read off the socket and dropped, and the request is answered in its turn with 503 (or 413
 * when it could never fit), so the connection stays usable and a burst costs the heap nothing.
 */
public class BodyBudgetSession extends StrictHttpSession {
    private static final byte[] NO_BODY = new byte[0];

    private final BodyBudget budget = BodyBudget.ofProcess();
    /** Bytes reserved per request not yet answered; guarded by this session's lock (workers answer, too). */
    private final Map<Request, Integer> reserved = new IdentityHashMap<>();
    /** Requests whose body did not fit, with the answer they get instead of reaching the handler. */
    private final Map<Request, Response> refused = new IdentityHashMap<>();
    /** Bytes of a refused body still to come from the socket, to be dropped. */
    private long bytesToDrop;

    public BodyBudgetSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    /** one-nio's only allocation of a request body happens in here; the reservation goes first. */
    @Override
    protected int startParsingRequestBody(String contentLengthHeader, byte[] buffer, int offset, int remaining)
            throws IOException, HttpException {
        long length = parseLength(contentLengthHeader);
        if (length <= 0 || length > getMaxRequestBodyLength()) {
            return super.startParsingRequestBody(contentLengthHeader, buffer, offset, remaining); // 0, 400 or 413
        }
        if (!budget.tryReserve(length)) {
            refuse(parsing, budget.couldEverFit(length) ? busy(length)
                    : Responses.text(Response.REQUEST_ENTITY_TOO_LARGE, budget.tooLargeReason(length)));
            int consumed = (int) Math.min(remaining, length);
            bytesToDrop = length - consumed;
            parsing.setBody(NO_BODY);
            requestBodyOffset = 0;
            return consumed;
        }
        synchronized (this) {
            reserved.put(parsing, (int) length);
        }
        return super.startParsingRequestBody(contentLengthHeader, buffer, offset, remaining);
    }

    /**
     * A chunked body's size is known one chunk at a time, so each chunk is reserved as its size line arrives. Twice
     * its size: the decoder's buffer grows by doubling and the finished body is one more copy.
     */
    @Override
    protected String reserveChunk(long bytes) {
        long needed = 2 * bytes;
        if (!budget.tryReserve(needed)) {
            // Give back this body's earlier chunks at once, not when its last byte was dropped: streams that each
            // hold part of the budget while waiting for more would otherwise all fail together.
            release(parsing);
            return budget.couldEverFit(needed) ? budget.busyReason(needed) : budget.tooLargeReason(needed);
        }
        synchronized (this) {
            reserved.merge(parsing, (int) needed, Integer::sum);
        }
        return null;
    }

    @Override
    protected void refuseChunked(Request request, String reason) {
        Response answer = Responses.text(Response.SERVICE_UNAVAILABLE, reason);
        answer.addHeader("Retry-After: 1");
        refuse(request, answer); // what its chunks reserved was given back when the first one did not fit
    }

    private Response busy(long length) {
        Response answer = Responses.text(Response.SERVICE_UNAVAILABLE, budget.busyReason(length));
        answer.addHeader("Retry-After: 1");
        return answer;
    }

    private static long parseLength(String header) {
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1; // one-nio answers 400
        }
    }

    private synchronized void refuse(Request request, Response answer) {
        refused.put(request, answer);
    }

    /** Drops the rest of a refused body before parsing what follows it on the connection. */
    @Override
    protected int processHttpBuffer(byte[] buffer, int length) throws IOException, HttpException {
        if (bytesToDrop == 0) {
            return super.processHttpBuffer(buffer, length);
        }
        int dropped = (int) Math.min(length, bytesToDrop);
        bytesToDrop -= dropped;
        if (dropped == length) {
            return length;
        }
        int rest = length - dropped;
        System.arraycopy(buffer, dropped, buffer, 0, rest);
        int processed = super.processHttpBuffer(buffer, rest);
        // The caller keeps buffer[returned..length) as the start of the next line: put the unparsed tail there.
        System.arraycopy(buffer, processed, buffer, dropped + processed, rest - processed);
        return dropped + processed;
    }

    /**
     * Answers a request whose body did not fit; true if it was one. The server calls this before its handler, which
     * must never see such a request: its body is empty, and storing it would lose the client's value.
     */
    public boolean answerIfRefused(Request request) throws IOException {
        Response answer;
        synchronized (this) {
            answer = refused.remove(request);
        }
        if (answer == null) {
            return false;
        }
        sendResponse(answer);
        return true;
    }

    @Override
    public synchronized void sendResponse(Response response) throws IOException {
        Request answered = handling;
        try {
            super.sendResponse(response);
        } finally {
            release(answered);
        }
    }

    /** A closed connection gives back what its unanswered requests hold, including a body half received. */
    @Override
    public synchronized void close() {
        try {
            super.close();
        } finally {
            for (int bytes : reserved.values()) {
                budget.release(bytes);
            }
            reserved.clear();
            refused.clear();
        }
    }

    private synchronized void release(Request request) {
        Integer bytes = request == null ? null : reserved.remove(request);
        if (bytes != null) {
            budget.release(bytes);
        }
    }
}
