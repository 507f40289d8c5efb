package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.RequestHandler;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.Stage2Node;
import solutions.stage2.WorkerSettings;

@Mutant(stage = 2, breaks = "-Dcourse.virtualThreads=true is ignored: the workers stay platform threads",
        caughtBy = "course.hidden.stage2.VirtualWorkersTest#theWorkersAreVirtualThreadsWhenAskedFor")
public final class VirtualThreadsIgnored implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config) {
            @Override
            protected HttpServer createServer(RequestHandler handler) throws IOException {
                return new ExecutorHttpServer(config.selfPort(), handler, platform(WorkerSettings.fromSystemProperties()));
            }
        };
    }

    /** The settings as read, but platform threads whatever course.virtualThreads says. */
    private static WorkerSettings platform(WorkerSettings s) {
        return new WorkerSettings(s.workers(), s.queueCapacity(), s.queue(), false, s.deadlineMillis(),
                s.handlerDelayMillis());
    }
}
