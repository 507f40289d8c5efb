package solutions.stage5;

import java.io.IOException;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

/**
 * The stage-2 server (selectors parse, a bounded pool of workers runs handlers) whose sessions accept a
 * {@link PendingResponse}: a worker only does the local part of a request and is free as soon as the requests to
 * other nodes are sent.
 */
public class AsyncHttpServer extends ExecutorHttpServer {
    public AsyncHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        super(port, routes, settings);
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new AsyncSession(socket, this);
    }
}
