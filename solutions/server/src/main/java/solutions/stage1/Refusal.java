package solutions.stage1;

import one.nio.http.HttpException;

/**
 * A request the session answers itself, before any handler sees it, with this status and message; the connection
 * is closed after the answer, because after a framing error nobody can tell where the next request starts.
 */
public final class Refusal extends HttpException {
    private final String status;

    public Refusal(String status, String message) {
        super(message);
        this.status = status;
    }

    /** The status line, as one-nio's {@code Response} constants spell it. */
    public String status() {
        return status;
    }
}
