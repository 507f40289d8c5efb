package grading.mutants.stage2;

import grading.mutants.FirstParser;
import grading.mutants.Mutant;
import grading.mutants.NodeServerMutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-handler-500",
        breaks = "the stage-1 try/catch stayed around the selector's call: a worker's task runs a hand-written query "
                + "parser outside it, which throws ArrayIndexOutOfBoundsException on a parameter without a value "
                + "(?debug&id=k), and the exception escapes the task: the client never gets an answer",
        caughtBy =
                "course.hidden.stage1.HandlerFailuresTest#requestsAHandlerMayFailOnAreAnsweredAndTheConnectionGoesOn")
public final class WorkerTaskThrows extends NodeServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException {
        return new ExecutorHttpServer(port, routes, settings) {
            @Override
            protected Response respond(Request request) {
                FirstParser.parameters(request.getURI()); // the worker's own parsing, before the handler's try/catch
                return super.respond(request);
            }
        };
    }
}
