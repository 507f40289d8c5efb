package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.LargeBodySession;
import solutions.stage1.Refusal;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;
import solutions.stage1.SyncHttpServer;

@Mutant(stage = 1, breaks = "an unknown method (FOO, lowercase get) gets one-nio's 400 Invalid request instead of 501",
        caughtBy = "course.tests.stage1.RequestFramingTest#unknownMethodsAre501")
public final class UnknownMethodIs400 implements ServiceFactory {
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
                            protected Request parseRequest(byte[] buffer, int start, int length) throws HttpException {
                                try {
                                    return super.parseRequest(buffer, start, length);
                                } catch (Refusal r) {
                                    throw r.status().startsWith("501")
                                            ? new Refusal(Response.BAD_REQUEST, "Invalid request") : r;
                                }
                            }
                        };
                    }
                };
            }
        };
    }
}
