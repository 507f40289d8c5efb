package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.ByteBudget;

@Mutant(
        stage = 1,
        sentences = "s1-body-budget",
        breaks =
                "request bodies up to 16 MiB are read into memory with no byte budget (the strict parsing kept): a burst of large"
                        + " PUTs fills the heap",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfLargePutsIsAnsweredAndTheNodeSurvives")
public final class NoBodyBudget implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(config, parts -> parts.withBodies(ByteBudget.unlimited("request bodies")));
    }
}
