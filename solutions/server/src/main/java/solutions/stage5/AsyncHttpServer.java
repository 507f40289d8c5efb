package solutions.stage5;

import java.io.IOException;
import solutions.stage1.Routes;
import solutions.stage1.SessionParts;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

/**
 * The stage-2 server (selectors parse, a bounded pool of workers runs handlers) whose sessions accept a
 * {@link PendingResponse}: a worker only does the local part of a request and is free as soon as the requests to
 * other nodes are sent. One session part differs from stage 1's: the deferral ({@link PendingAnswers}).
 */
public class AsyncHttpServer extends ExecutorHttpServer {
    public AsyncHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        super(port, routes, settings);
    }

    @Override
    protected SessionParts sessionParts() {
        return super.sessionParts().withDeferral(new PendingAnswers());
    }
}
