package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "a second stop() throws instead of doing nothing",
        caughtBy = "course.tests.stage1.PersistenceTest#stopIsIdempotentAndStoppedNodeDoesNotAnswer")
public final class StopNotIdempotent implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            private boolean running;

            @Override
            public synchronized void start() throws IOException {
                super.start();
                running = true;
            }

            @Override
            public synchronized void stop() throws IOException {
                if (!running) {
                    throw new IllegalStateException("not running");
                }
                running = false;
                super.stop();
            }
        };
    }
}
