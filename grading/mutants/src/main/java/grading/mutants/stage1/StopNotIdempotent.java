package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.concurrent.atomic.AtomicBoolean;

@Mutant(
        stage = 1,
        sentences = {"s1-stop-idempotent", "c-stop-idempotent"},
        breaks = "a second stop() throws instead of doing nothing",
        caughtBy = "course.tests.stage1.PersistenceTest#stopIsIdempotentAndStoppedNodeDoesNotAnswer")
public final class StopNotIdempotent implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        AtomicBoolean running = new AtomicBoolean();
        return Stage1With.lifecycle(
                config,
                start -> {
                    start.run();
                    running.set(true);
                },
                stop -> {
                    if (!running.getAndSet(false)) {
                        throw new IllegalStateException("not running");
                    }
                    stop.run();
                });
    }
}
