package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.net.Socket;
import solutions.stage1.BodyFraming;
import solutions.stage1.LargeBodySession;
import solutions.stage1.Refusal;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "the first Content-Length header is trusted: a second, different one or a Transfer-Encoding"
        + " is ignored", caughtBy = "course.tests.stage1.RequestFramingTest#twoDifferentContentLengthsAre400AndNothingIsStored")
public final class FirstContentLengthWins implements ServiceFactory {
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
                            protected BodyFraming framingOf(Request request) throws Refusal {
                                String first = request.getHeader("Content-Length:");
                                return first == null ? super.framingOf(request) : new BodyFraming(false, first);
                            }
                        };
                    }
                };
            }
        };
    }
}
