package grading.mutants.stage1;

import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-too-large-413",
        breaks = "the connection closes right after the 413 for a body over the limit, as one-nio's session does:"
                + " the client still sending the body gets a reset and never reads the answer",
        caughtBy = "course.tests.stage1.RequestFramingTest#aClientThatSendsATooLargeBodyWholeThenReadsGetsThe413")
public final class RefusedBodyNotDrained extends FramingMutant {
    @Override
    public long maxLingerBytes() {
        return 0; // closed at once
    }
}
