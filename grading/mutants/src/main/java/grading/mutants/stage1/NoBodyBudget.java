package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.ByteBudget;
import solutions.stage1.SessionParts;

@Mutant(
        stage = 1,
        sentences = "s1-body-budget",
        breaks = "request bodies up to 16 MiB are read into memory with no byte budget (the strict parsing kept): a"
                + " burst of large PUTs fills the heap",
        caughtBy = "course.hidden.stage1.LargeValueBurstTest#burstOfLargePutsIsAnsweredAndTheNodeSurvives")
public final class NoBodyBudget extends PartsMutant {
    @Override
    protected SessionParts parts(SessionParts reference) {
        return reference.withBodies(ByteBudget.unlimited("request bodies"));
    }
}
