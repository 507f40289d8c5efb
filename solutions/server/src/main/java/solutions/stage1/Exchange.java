package solutions.stage1;

import one.nio.http.Request;
import one.nio.http.Response;

/**
 * One request on a connection, from its last byte read to its answer written: what the session must remember about
 * it meanwhile. Most are handed to the server; some the session answers itself, in their turn: a body that did not
 * fit in the memory budget (the connection goes on), or bytes it could not parse (the connection ends there).
 */
final class Exchange {
    private final Request request;
    private final Response prepared;
    private final boolean lastOnConnection;
    private final long bodyStillComing;
    private long reservedBytes;

    private Exchange(
            Request request, Response prepared, boolean lastOnConnection, long reservedBytes, long bodyStillComing) {
        this.request = request;
        this.prepared = prepared;
        this.lastOnConnection = lastOnConnection;
        this.reservedBytes = reservedBytes;
        this.bodyStillComing = bodyStillComing;
    }

    /**
     * A request read whole. {@code refusedBody} is its answer when its body was dropped for the budget (it must never
     * reach a handler: its body is empty, and storing it would lose the client's value), else null.
     */
    static Exchange of(Request request, long reservedBytes, Response refusedBody) {
        return new Exchange(request, refusedBody, closesTheConnection(request), reservedBytes, 0);
    }

    /**
     * Bytes that could not be read as a request: answered with {@code refusal}, and nothing after them is handled.
     * {@code bodyStillComing} is what the client still sends of a body refused as too large ({@link Refusal}).
     */
    static Exchange refusal(Response refusal, long bodyStillComing) {
        return new Exchange(null, refusal, true, 0, bodyStillComing);
    }

    /**
     * Whether the client asked for the connection to end with this answer (RFC 9112 9.3, 9.6): HTTP/1.1 unless
     * {@code Connection: close}, HTTP/1.0 only with {@code Connection: keep-alive}.
     */
    private static boolean closesTheConnection(Request request) {
        String connection = request.getHeader("Connection:");
        return request.isHttp11() ? "close".equalsIgnoreCase(connection) : !"keep-alive".equalsIgnoreCase(connection);
    }

    /** The request for the server to handle, or null when the session answers it itself. */
    Request request() {
        return request;
    }

    /** The answer the session gives itself ({@link #request} is then not handled), or null. */
    Response prepared() {
        return prepared;
    }

    /** Whether nothing after this exchange is read or handled, and the connection closes after its answer. */
    boolean lastOnConnection() {
        return lastOnConnection;
    }

    /** Bytes of a refused body the client is still sending, to be read and dropped before the connection closes. */
    long bodyStillComing() {
        return bodyStillComing;
    }

    /** Whether the answer carries its body: not for HEAD. */
    boolean answerHasBody() {
        return request == null || request.getMethod() != Request.METHOD_HEAD;
    }

    /** Gives back what its body holds in {@code bodies}; once, whichever of answer and close comes first. */
    void release(ByteBudget bodies) {
        if (reservedBytes > 0) {
            bodies.release(reservedBytes);
            reservedBytes = 0;
        }
    }
}
