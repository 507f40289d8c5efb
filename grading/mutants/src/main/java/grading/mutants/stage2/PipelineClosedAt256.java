package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.CourseSession;

@Mutant(
        stage = 2,
        sentences = "s2-pipelining",
        breaks = "one-nio's pipeline limit: the 258th pipelined request closes the connection and every"
                + " request in flight goes unanswered",
        caughtBy = "course.tests.stage2.PipeliningTest#twoThousandPipelinedRequestsAreAllAnsweredInOrder")
public final class PipelineClosedAt256 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.sessions(config, (socket, server, parts) -> new CourseSession(socket, server, parts) {
            @Override
            protected void pauseReading() throws IOException {
                throw new IOException("Pipeline length exceeded"); // one-nio's own answer to a full pipeline
            }
        });
    }
}
