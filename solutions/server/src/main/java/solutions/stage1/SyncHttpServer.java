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
 * baseline every later stage measures itself against. A path that the {@link Routes} do not serve gets 400 at once.
 */
public class SyncHttpServer extends HttpServer {
    private final Routes routes;
    /** Read when the server is made, that is at every start of the node, like every setting of a node. */
    private final Timeouts timeouts = Timeouts.fromSystemProperties();

    public SyncHttpServer(int port, Routes routes) throws IOException {
        this(config(port), routes);
    }

    /** A server with another configuration than {@link #config}'s (the course's mutants use it). */
    public SyncHttpServer(HttpServerConfig config, Routes routes) throws IOException {
        super(config);
        this.routes = routes;
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
        // one-nio's cleanup thread asks every session about once a keepAlive period whether it timed out; the
        // sessions decide by their own Timeouts (one second is the shortest period one-nio accepts without a warning).
        config.keepAlive = 1000;
        return config;
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new CourseSession(socket, this, sessionParts());
    }

    /**
     * The policies of this server's connections: stage 1's {@link SessionParts#reference}; a later stage's server
     * replaces one part.
     */
    protected SessionParts sessionParts() {
        return SessionParts.reference(timeouts);
    }

    @Override
    public void handleRequest(Request request, HttpSession session) throws IOException {
        if (!routes.serves(request.getPath())) {
            session.sendResponse(routes.unknownPath(request)); // answered here: it needs no storage and no worker
            return;
        }
        process(request, session);
    }

    /** Runs the handler for a request on a served path; stage 2 overrides this to move the work off the selector. */
    protected void process(Request request, HttpSession session) throws IOException {
        session.sendResponse(respond(request));
    }

    /**
     * The handler's response, or 500 with the reason (never the server's file paths): a failing request must never
     * take the server down. Not final only so that a course mutant can show what a worker's task does without it.
     */
    protected Response respond(Request request) {
        try {
            return routes.handle(request);
        } catch (Exception e) {
            ConnectionLog.warn("a request failed, answered 500: " + e);
            return Responses.text(
                    Response.INTERNAL_ERROR,
                    "internal error: " + e.getClass().getSimpleName() + ": " + StorageFailure.reason(e));
        }
    }
}
