package grading.mutants.stage5;

import grading.mutants.Mutant;
import grading.mutants.NodeServerMutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;
import solutions.stage5.AsyncHttpServer;

@Mutant(
        stage = 5,
        sentences = "s5-bounded-executor",
        breaks = "the asynchronous handler runs right on the selector (it no longer waits for replicas, so the "
                + "workers seemed useless): no bounded queue, no 503 under overload, and the worker settings ignored",
        caughtBy = "course.tests.stage2.OverloadTest#aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete")
public final class AsyncHandlerOnTheSelector extends NodeServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException {
        return new AsyncHttpServer(port, routes, settings) {
            @Override
            protected void process(Request request, HttpSession session) throws IOException {
                session.sendResponse(respond(request));
            }
        };
    }
}
