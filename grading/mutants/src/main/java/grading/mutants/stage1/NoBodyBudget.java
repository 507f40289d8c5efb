package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage1.StrictHttpSession;
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "request bodies up to 16 MiB are read into memory with no byte budget (the strict parsing kept): a burst of large"
        + " PUTs fills the heap",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfLargePutsIsAnsweredAndTheNodeSurvives")
public final class NoBodyBudget implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new SyncHttpServer(config.selfPort(), routes) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new StrictHttpSession(socket, this) {
                            @Override
                            protected int getMaxRequestBodyLength() {
                                return 16 << 20;
                            }
                        };
                    }
                };
            }
        };
    }
}
