package solutions.stage5;

import java.util.function.Consumer;
import one.nio.http.Response;
import solutions.stage1.Deferral;
import solutions.stage1.Responses;
import solutions.stage1.StorageFailure;

/**
 * Stage 5's deferral: a {@link PendingResponse} is answered when its future completes, by the thread that completes
 * it, so no thread waits for it. A future that fails is answered 500 with the reason (never the node's file paths).
 */
final class PendingAnswers implements Deferral {
    @Override
    // whenComplete only delivers the answer; nothing waits for the delivery.
    @SuppressWarnings("FutureReturnValueIgnored")
    public boolean defer(Response response, Consumer<Response> deliver) {
        if (!(response instanceof PendingResponse pending)) {
            return false;
        }
        pending.future()
                .whenComplete((done, error) -> deliver.accept(
                        done != null
                                ? done
                                : Responses.text(
                                        Response.INTERNAL_ERROR,
                                        "internal error: " + error.getClass().getSimpleName() + ": "
                                                + StorageFailure.reason(error))));
        return true;
    }
}
