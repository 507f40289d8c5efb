package solutions.stage5;

import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.net.Socket;
import solutions.stage1.Responses;
import solutions.stage1.StorageFailure;
import solutions.stage2.HandOffSession;

/**
 * A session that can answer later: a {@link PendingResponse} is sent when its future completes, by the thread that
 * completes it, so no thread waits for it. Built on the stage-2 session, which already answers from other threads.
 */
public class AsyncSession extends HandOffSession {
    public AsyncSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    @Override
    public void sendResponse(one.nio.http.Response response) throws IOException {
        if (!(response instanceof PendingResponse pending)) {
            super.sendResponse(response);
            return;
        }
        pending.future().whenComplete((done, error) -> sendOrClose(this, done != null ? done
                : Responses.text(one.nio.http.Response.INTERNAL_ERROR, "internal error: "
                        + error.getClass().getSimpleName() + ": " + StorageFailure.reason(error))));
    }
}
