package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.ByteBudget;
import solutions.stage1.SessionParts;
import solutions.stage1.WholeAnswers;

@Mutant(
        stage = 1,
        sentences = "s1-answer-budget",
        breaks = "answers are held for slow clients with no byte budget: a few clients that read a large value"
                + " slowly fill the heap",
        caughtBy =
                "course.hidden.stage1.SlowReadersTest#eightClientsReadingSixteenMebibytesAtFourMegabytesASecondLeaveTheNodeServing")
public final class NoAnswerBudget extends PartsMutant {
    @Override
    protected SessionParts parts(SessionParts reference) {
        return reference.withWriter(new WholeAnswers(ByteBudget.unlimited("unsent answers")));
    }
}
