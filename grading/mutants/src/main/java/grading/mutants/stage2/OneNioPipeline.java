package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.HttpSession;

@Mutant(
        stage = 2,
        sentences = {"s2-close-nothing-after", "s1-connection-close"},
        breaks = "one-nio's own session behind the workers (its body limit raised to 16 MiB): after an answer"
                + " that closes the connection it still hands the next pipelined request to a worker, so a PUT sent after"
                + " 'Connection: close' is stored",
        caughtBy = "course.tests.stage1.AnswerOrderTest#nothingAfterARequestThatEndsTheConnectionIsHandled")
public final class OneNioPipeline implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.sessions(config, (socket, server, parts) -> new HttpSession(socket, server) {
            @Override
            protected int getMaxRequestBodyLength() {
                return 16 << 20;
            }
        });
    }
}
