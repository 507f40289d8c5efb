package grading.mutants.stage2;

import grading.mutants.Mutant;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.CourseSession;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 2,
        sentences = "s1-half-close",
        breaks = "the end of a client's stream is ignored: after a half-close the answers are sent but the"
                + " connection is never closed",
        caughtBy =
                "course.hidden.stage1.HalfClosedConnectionTest#requestsSentBeforeTheClientClosedItsSideAreAnsweredThenTheConnectionCloses")
public final class HalfCloseIgnored extends SessionMutant {
    @Override
    protected HttpSession session(Socket socket, HttpServer server, SessionParts parts) {
        return new CourseSession(socket, server, parts) {
            @Override
            protected void handleSocketClosed() {
                // the end of the stream is not acted on
            }
        };
    }
}
