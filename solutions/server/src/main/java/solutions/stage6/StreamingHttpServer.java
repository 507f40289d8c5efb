package solutions.stage6;

import java.io.IOException;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;
import solutions.stage5.AsyncHttpServer;

/** The stage-5 server whose sessions can stream an answer ({@link ChunkedResponse}) as the socket drains. */
final class StreamingHttpServer extends AsyncHttpServer {
    StreamingHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        super(port, routes, settings);
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new StreamingSession(socket, this);
    }
}
