package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.CourseSession;

@Mutant(
        stage = 2,
        sentences = "s1-half-close",
        breaks = "the end of a client's stream is ignored: after a half-close the answers are sent but the"
                + " connection is never closed",
        caughtBy =
                "course.hidden.stage1.HalfClosedConnectionTest#requestsSentBeforeTheClientClosedItsSideAreAnsweredThenTheConnectionCloses")
public final class HalfCloseIgnored implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.sessions(config, (socket, server, parts) -> new CourseSession(socket, server, parts) {
            @Override
            protected void handleSocketClosed() {
                // the end of the stream is not acted on
            }
        });
    }
}
