package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.HandOffSession;
import solutions.stage2.Stage2Node;
import solutions.stage2.WorkerSettings;

@Mutant(stage = 2, breaks = "one-nio's pipeline limit: the 258th pipelined request closes the connection and every"
        + " request in flight goes unanswered",
        caughtBy = "course.tests.stage2.PipeliningTest#twoThousandPipelinedRequestsAreAllAnsweredInOrder")
public final class PipelineClosedAt256 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties()) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new HandOffSession(socket, this) {
                            @Override
                            protected synchronized void handleParsedRequest() throws IOException {
                                if (handling != null && pipeline.size() >= 256) {
                                    throw new IOException("Pipeline length exceeded");
                                }
                                super.handleParsedRequest();
                            }
                        };
                    }
                };
            }
        };
    }
}
