package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.Framing;

@Mutant(
        stage = 1,
        sentences = "s1-expect-100",
        breaks = "Expect: 100-continue is never answered: a client that waits for it waits in vain",
        caughtBy = "course.tests.stage1.RequestFramingTest#expectContinueIsAnsweredBeforeTheBody")
public final class ExpectContinueIgnored implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config,
                parts -> parts.withFraming(new Framing() {
                    @Override
                    public boolean answersExpectContinue() {
                        return false; // never answered
                    }
                }));
    }
}
