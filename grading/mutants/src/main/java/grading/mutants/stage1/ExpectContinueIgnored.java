package grading.mutants.stage1;

import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-expect-100",
        breaks = "Expect: 100-continue is never answered: a client that waits for it waits in vain",
        caughtBy = "course.tests.stage1.RequestFramingTest#expectContinueIsAnsweredBeforeTheBody")
public final class ExpectContinueIgnored extends FramingMutant {
    @Override
    public boolean answersExpectContinue() {
        return false; // never answered
    }
}
