package solutions.stage6;

import java.io.IOException;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.net.Socket;
import solutions.stage1.RequestHandler;
import solutions.stage2.WorkerSettings;
import solutions.stage5.AsyncHttpServer;

/** The stage-5 server that also serves {@value RangeHandler#PATH} and streams its answers. */
final class StreamingHttpServer extends AsyncHttpServer {
    StreamingHttpServer(int port, RequestHandler handler, WorkerSettings settings) throws IOException {
        super(port, handler, settings);
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new StreamingSession(socket, this);
    }

    @Override
    public void handleRequest(Request request, HttpSession session) throws IOException {
        if (RangeHandler.PATH.equals(request.getPath())) {
            process(request, session);
        } else {
            super.handleRequest(request, session);
        }
    }
}
