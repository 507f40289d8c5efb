package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = {"c-stopped-silent", "c-stop-releases"},
        breaks = "stop() does nothing: the stopped node keeps answering",
        caughtBy = "course.tests.stage1.PersistenceTest#stopIsIdempotentAndStoppedNodeDoesNotAnswer")
public final class StopDoesNothing implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.lifecycle(config, Stage1With.Step::run, stop -> {
            // forgotten: the reference's stop is never called
        });
    }
}
