package solutions.stage2;

import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.LargeBodySession;

/**
 * A session whose requests are answered by other threads than its selector. one-nio's {@code sendResponse} holds the
 * session's lock, writes the answer and only then takes the next request off the pipeline; the selector's
 * {@code handleParsedRequest} decides between "handle now" and "append to the pipeline" without that lock. A client
 * that sends its next request inside that gap races the two: the request can be left in the pipeline unanswered, or
 * the pipeline (a plain LinkedList) can break. Taking the same lock on the selector's side closes the gap. (Found by
 * reading one-nio while chasing a rare closed connection, which turned out to be unrelated: it happens at stage 1 too.)
 */
public class HandOffSession extends LargeBodySession {
    public HandOffSession(Socket socket, HttpServer server) {
        super(socket, server);
    }

    /**
     * Sends an answer from a thread that is not the session's selector (a worker, a peer's reply): a client that went
     * away costs its own session, never the thread that answers, which has other sessions to serve.
     */
    public static void sendOrClose(HttpSession session, Response response) {
        try {
            session.sendResponse(response);
        } catch (IOException | RuntimeException e) {
            session.close();
        }
    }

    @Override
    protected synchronized void handleParsedRequest() throws IOException {
        super.handleParsedRequest();
    }

    @Override
    protected synchronized void handleSocketClosed() {
        super.handleSocketClosed();
    }
}
