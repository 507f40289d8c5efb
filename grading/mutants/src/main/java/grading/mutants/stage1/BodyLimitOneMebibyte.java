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

@Mutant(stage = 1, breaks = "the request body limit is raised to only 1 MiB: larger values get 413",
        caughtBy = "course.hidden.stage1.LargeValuesTest#valuesUpToFourMebibytesRoundTrip")
public final class BodyLimitOneMebibyte implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new SyncHttpServer(config.selfPort(), routes) {
                    @Override
                    public HttpSession createSession(Socket socket) {
                        return new HttpSession(socket, this) {
                            @Override
                            protected int getMaxRequestBodyLength() {
                                return 1 << 20;
                            }
                        };
                    }
                };
            }
        };
    }
}
