package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage2.HandOffSession;

@Mutant(stage = 2, breaks = "one-nio's pipeline limit: the 258th pipelined request closes the connection and every"
        + " request in flight goes unanswered",
        caughtBy = "course.tests.stage2.PipeliningTest#twoThousandPipelinedRequestsAreAllAnsweredInOrder")
public final class PipelineClosedAt256 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.sessions(config, (socket, server) -> new HandOffSession(socket, server) {
            @Override
            protected synchronized void handleParsedRequest() throws IOException {
                if (handling != null && pipeline.size() >= 256) {
                    throw new IOException("Pipeline length exceeded");
                }
                super.handleParsedRequest();
            }
        });
    }
}
