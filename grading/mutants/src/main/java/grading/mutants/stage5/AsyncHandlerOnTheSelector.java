package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.io.IOException;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import solutions.stage2.WorkerSettings;
import solutions.stage5.AsyncHttpServer;

@Mutant(
        stage = 5,
        sentences = "s5-bounded-executor",
        breaks = "the asynchronous handler runs right on the selector (it no longer waits for replicas, so the "
                + "workers seemed useless): no bounded queue, no 503 under overload, and the worker settings ignored",
        caughtBy = "course.tests.stage2.OverloadTest#aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete")
public final class AsyncHandlerOnTheSelector implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.server(
                this,
                config,
                routes -> new AsyncHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties()) {
                    @Override
                    protected void process(Request request, HttpSession session) throws IOException {
                        session.sendResponse(respond(request));
                    }
                });
    }
}
