package solutions.stage1;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import one.nio.http.HttpServerConfig;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;

/**
 * A stage-1 server whose requests wait until the test answers them, from the test's own thread: what a worker pool
 * does to a pipeline (stage 2), with the test deciding when. A request is answered with its {@code n} parameter, so
 * the order of the answers shows.
 */
final class HeldAnswersServer extends SyncHttpServer {
    static final String PATH = "/held";

    /** A request the server was given, and the connection it came on. */
    record Held(Request request, HttpSession session) {
        /** The {@code n} the client sent. */
        String n() {
            return request.getParameter("n=");
        }
    }

    private final BlockingQueue<Held> given = new LinkedBlockingQueue<>();

    HeldAnswersServer(HttpServerConfig config) throws IOException {
        super(config, Routes.of(PATH, request -> Responses.text(Response.OK, request.getParameter("n="))));
    }

    @Override
    protected void process(Request request, HttpSession session) {
        given.add(new Held(request, session));
    }

    /** The next request the server was given, waiting up to {@code millis} for it; null if none came. */
    Held next(long millis) throws InterruptedException {
        return given.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Answers a request the way a worker does, from this thread. */
    void answer(Held held) {
        CourseSession.sendOrClose(held.session(), respond(held.request()));
    }

    /** Answers the next request given; fails if none comes within 5 seconds. */
    String answerNext() throws InterruptedException {
        Held held = next(5_000);
        if (held == null) {
            throw new AssertionError("the session gave the server no further request within 5 s");
        }
        answer(held);
        return held.n();
    }
}
