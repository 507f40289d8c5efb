package solutions.stage1;

import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpServerConfig;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;
import one.nio.server.AcceptorConfig;

/**
 * One-nio's HTTP server calling the handler right on the selector thread: the simplest server there is, and the
 * baseline every later stage measures itself against. Unknown paths get 400.
 */
public class SyncHttpServer extends HttpServer {
    private final RequestHandler handler;

    public SyncHttpServer(int port, RequestHandler handler) throws IOException {
        this(config(port), handler);
    }

    /** A server with another configuration than {@link #config}'s (the course's mutants use it). */
    public SyncHttpServer(HttpServerConfig config, RequestHandler handler) throws IOException {
        super(config);
        this.handler = handler;
    }

    /** The configuration of a node's server on {@code port}: one acceptor on every address, exclusively. */
    public static HttpServerConfig config(int port) {
        AcceptorConfig acceptor = new AcceptorConfig();
        acceptor.port = port;
        // No reusePort: with it a second node binds the same port and the kernel splits the connections between
        // the two, where start() must fail because the port is taken.
        HttpServerConfig config = new HttpServerConfig();
        config.acceptors = new AcceptorConfig[] {acceptor};
        // Stop must close client connections too, or a restarted node would leave old keep-alive sessions behind.
        config.closeSessions = true;
        return config;
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new LargeBodySession(socket, this);
    }

    @Override
    public void handleRequest(Request request, HttpSession session) throws IOException {
        if (session instanceof BodyBudgetSession budgeted && budgeted.answerIfRefused(request)) {
            return; // its body did not fit in the memory budget and was never read into memory
        }
        if (!EntityHandler.PATH.equals(request.getPath())) {
            session.sendResponse(Responses.text(Response.BAD_REQUEST, "unknown path " + request.getPath()
                    + ": the API is " + EntityHandler.PATH + "?id=<key>"));
            return;
        }
        process(request, session);
    }

    /** Runs the handler for a request on a known path; stage 2 overrides this to move the work off the selector. */
    protected void process(Request request, HttpSession session) throws IOException {
        session.sendResponse(respond(request));
    }

    /** The handler's response, or 500 with the reason: a failing request must never take the server down. */
    protected final Response respond(Request request) {
        try {
            return handler.handle(request);
        } catch (Exception e) {
            return Responses.text(Response.INTERNAL_ERROR, "internal error: " + e);
        }
    }
}
