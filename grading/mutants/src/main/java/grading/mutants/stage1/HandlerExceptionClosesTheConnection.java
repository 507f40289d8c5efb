package grading.mutants.stage1;

import grading.mutants.FirstParser;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-handler-500", "c-requests-answered"},
        breaks = "a hand-written query parser throws ArrayIndexOutOfBoundsException on a parameter "
                + "without a value (?debug&id=k), and the server lets the exception reach one-nio, which closes the "
                + "connection without an answer",
        caughtBy =
                "course.hidden.stage1.HandlerFailuresTest#requestsAHandlerMayFailOnAreAnsweredAndTheConnectionGoesOn")
public final class HandlerExceptionClosesTheConnection extends ServerMutant {
    @Override
    protected HttpServer server(int port, Routes reference) throws IOException {
        Routes parsing = reference.map(handler -> request -> {
            FirstParser.parameters(request.getURI()); // the student's parser runs first; the reference's decodes the id
            return handler.handle(request);
        });
        return new SyncHttpServer(port, parsing) {
            @Override
            protected void process(Request request, HttpSession session) throws IOException {
                session.sendResponse(parsing.handle(request)); // no try/catch: whatever it throws goes on up
            }
        };
    }
}
