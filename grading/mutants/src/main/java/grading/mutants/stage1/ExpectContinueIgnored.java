package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.net.Socket;
import solutions.stage1.LargeBodySession;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "Expect: 100-continue is never answered: a client that waits for it waits in vain",
        caughtBy = "course.tests.stage1.RequestFramingTest#expectContinueIsAnsweredBeforeTheBody")
public final class ExpectContinueIgnored implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new SyncHttpServer(config.selfPort(), routes) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new LargeBodySession(socket, this) {
                            @Override
                            protected void continueIfExpected() {
                                // never answered
                            }
                        };
                    }
                };
            }
        };
    }
}
