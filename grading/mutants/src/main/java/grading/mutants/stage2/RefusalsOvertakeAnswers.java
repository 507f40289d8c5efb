package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.Response;
import solutions.stage1.CourseSession;

@Mutant(
        stage = 2,
        sentences = {"s2-refusal-waits", "s1-pipelined-order"},
        breaks = "a request the session refuses is answered at once, as one-nio's sendError does: the answer a"
                + " worker is still computing for the request before it is lost, though its write was stored",
        caughtBy = "course.tests.stage1.AnswerOrderTest#aRefusedRequestIsAnsweredAfterTheAnswerToTheRequestBeforeIt")
public final class RefusalsOvertakeAnswers implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.sessions(config, (socket, server, parts) -> new CourseSession(socket, server, parts) {
            @Override
            protected void refuse(Response answer) throws IOException {
                answer.addHeader("Connection: close");
                byte[] bytes = answer.toBytes(true);
                write(bytes, 0, bytes.length);
                scheduleClose();
            }
        });
    }
}
