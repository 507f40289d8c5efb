package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.concurrent.atomic.AtomicBoolean;

@Mutant(
        stage = 1,
        sentences = {"s1-restart-same-object", "c-restart-same-object"},
        breaks = "start() after stop() fails: the node object can run only once",
        caughtBy = "course.tests.stage1.PersistenceTest#dataSurvivesRestartOfTheSameObject")
public final class NotRestartable implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        AtomicBoolean used = new AtomicBoolean(); // one per node: create() makes one node
        return Stage1With.lifecycle(
                config,
                start -> {
                    if (used.getAndSet(true)) {
                        throw new IllegalStateException("server already used");
                    }
                    start.run();
                },
                Stage1With.Step::run);
    }
}
