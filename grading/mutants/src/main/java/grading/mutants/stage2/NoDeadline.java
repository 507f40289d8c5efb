package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.Stage2Node;
import solutions.stage2.WorkerSettings;

@Mutant(stage = 2, breaks = "queued requests have no deadline: work that waited too long still runs and touches storage",
        caughtBy = "course.tests.stage2.OverloadTest#requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage")
public final class NoDeadline implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage2Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                WorkerSettings s = WorkerSettings.fromSystemProperties();
                return new ExecutorHttpServer(config.selfPort(), routes, new WorkerSettings(s.workers(), s.queueCapacity(),
                        s.queue(), s.virtualThreads(), Long.MAX_VALUE, s.handlerDelayMillis()));
            }
        };
    }
}
