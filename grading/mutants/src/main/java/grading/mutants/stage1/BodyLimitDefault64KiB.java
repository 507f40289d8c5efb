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
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "one-nio's default request body limit is kept: values over 64 KiB get 413",
        caughtBy = "course.tests.stage1.EntityProtocolTest#oneMebibyteValue")
public final class BodyLimitDefault64KiB implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new SyncHttpServer(config.selfPort(), routes) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new HttpSession(socket, this) {
                            // one-nio default limit: nothing overridden
                        };
                    }
                };
            }
        };
    }
}
