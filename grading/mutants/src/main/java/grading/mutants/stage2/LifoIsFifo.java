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

@Mutant(stage = 2, breaks = "-Dcourse.queue=lifo is read but the deque is used as a queue: oldest request first",
        caughtBy = "course.hidden.stage2.LifoOrderTest#theNewestQueuedRequestRunsFirst")
public final class LifoIsFifo implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                WorkerSettings s = WorkerSettings.fromSystemProperties();
                QueueKind queue = s.queue() == QueueKind.LIFO ? QueueKind.FIFO : s.queue();
                return new ExecutorHttpServer(config.selfPort(), routes, new WorkerSettings(s.workers(),
                        s.queueCapacity(), queue, s.virtualThreads(), s.deadlineMillis(), s.handlerDelayMillis()));
            }
        };
    }
}
