package solutions.stage1;

import one.nio.http.HttpException;

/**
 * A request the session answers itself, before any handler sees it, with this status and message; the connection
 * is closed after the answer, because after a framing error nobody can tell where the next request starts.
 */
public final class Refusal extends HttpException {
    /** The rest of a refused body whose length nobody announced (a chunked one): read until the client closes. */
    public static final long REST_UNKNOWN = Long.MAX_VALUE;

    private final String status;
    private final long bodyStillComing;

    public Refusal(String status, String message) {
        this(status, message, 0);
    }

    /**
     * The refusal of a well-framed request whose body is too large, {@code bodyStillComing} bytes of which the client
     * is still sending ({@link #REST_UNKNOWN} when that is not known): the session reads and drops them before it
     * closes, so that the client gets to read the answer.
     */
    public Refusal(String status, String message, long bodyStillComing) {
        super(message);
        this.status = status;
        this.bodyStillComing = bodyStillComing;
    }

    /** The status line, as one-nio's {@code Response} constants spell it. */
    public String status() {
        return status;
    }

    /** Bytes of the refused request's body the client has still to send, or 0. */
    public long bodyStillComing() {
        return bodyStillComing;
    }
}
