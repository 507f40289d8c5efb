package grading.mutants.stage1;

import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;

/** One-nio's own session (its request parser, no byte budget) with a request body limit the mutant chooses. */
final class OneNioSession extends HttpSession {
    private final int maxBodyBytes;

    OneNioSession(Socket socket, HttpServer server, int maxBodyBytes) {
        super(socket, server);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected int getMaxRequestBodyLength() {
        return maxBodyBytes;
    }
}
