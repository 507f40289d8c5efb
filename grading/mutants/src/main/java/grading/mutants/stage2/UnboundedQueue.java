package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.QueueKind;
import solutions.stage2.Stage2Node;
import solutions.stage2.WorkerSettings;

@Mutant(stage = 2, breaks = "the workers' queue has no bound: overload piles up instead of being answered 503",
        caughtBy = "course.tests.stage2.OverloadTest#aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete")
public final class UnboundedQueue implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                WorkerSettings s = WorkerSettings.fromSystemProperties();
                return new ExecutorHttpServer(config.selfPort(), routes, new WorkerSettings(s.workers(), Integer.MAX_VALUE,
                        QueueKind.FIFO, s.virtualThreads(), s.deadlineMillis(), s.handlerDelayMillis()));
            }
        };
    }
}
