package solutions.stage5;

import java.util.concurrent.CompletableFuture;
import one.nio.http.Response;

/**
 * A response that is not known yet: a handler returns it at once and the worker is free again; the session
 * ({@link PendingAnswers}) sends the real response from whichever thread completes the future.
 */
public final class PendingResponse extends Response {
    private final CompletableFuture<Response> future;

    public PendingResponse(CompletableFuture<Response> future) {
        super(Response.INTERNAL_ERROR);
        this.future = future;
    }

    public CompletableFuture<Response> future() {
        return future;
    }
}
