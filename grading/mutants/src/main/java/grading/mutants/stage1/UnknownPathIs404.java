package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = "s1-path-400",
        breaks = "an unknown path answers 404 Not Found instead of 400 Bad Request",
        caughtBy = "course.tests.stage1.EntityProtocolTest#unknownPathIs400")
public final class UnknownPathIs404 extends ServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes) throws IOException {
        return new SyncHttpServer(port, routes) {
            @Override
            public void handleRequest(Request request, HttpSession session) throws IOException {
                if (!EntityHandler.PATH.equals(request.getPath())) {
                    session.sendResponse(new Response(Response.NOT_FOUND, Response.EMPTY));
                    return;
                }
                super.handleRequest(request, session);
            }
        };
    }
}
