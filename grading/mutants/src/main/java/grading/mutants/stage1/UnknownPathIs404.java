package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = "s1-path-400",
        breaks = "an unknown path answers 404 Not Found instead of 400 Bad Request",
        caughtBy = "course.tests.stage1.EntityProtocolTest#unknownPathIs400")
public final class UnknownPathIs404 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.server(config, routes -> new SyncHttpServer(config.selfPort(), routes) {
            @Override
            public void handleRequest(Request request, HttpSession session) throws IOException {
                if (!EntityHandler.PATH.equals(request.getPath())) {
                    session.sendResponse(new Response(Response.NOT_FOUND, Response.EMPTY));
                    return;
                }
                super.handleRequest(request, session);
            }
        });
    }
}
