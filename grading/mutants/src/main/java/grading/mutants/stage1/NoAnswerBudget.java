package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.ByteBudget;
import solutions.stage1.WholeAnswers;

@Mutant(
        stage = 1,
        sentences = "s1-answer-budget",
        breaks = "answers are held for slow clients with no byte budget: a few clients that read a large value"
                + " slowly fill the heap",
        caughtBy =
                "course.hidden.stage1.SlowReadersTest#eightClientsReadingSixteenMebibytesAtFourMegabytesASecondLeaveTheNodeServing")
public final class NoAnswerBudget implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config, parts -> parts.withWriter(new WholeAnswers(ByteBudget.unlimited("unsent answers"))));
    }
}
