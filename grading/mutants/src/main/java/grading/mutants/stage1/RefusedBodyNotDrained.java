package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.Framing;

@Mutant(
        stage = 1,
        sentences = "s1-too-large-413",
        breaks = "the connection closes right after the 413 for a body over the limit, as one-nio's session does:"
                + " the client still sending the body gets a reset and never reads the answer",
        caughtBy = "course.tests.stage1.RequestFramingTest#aClientThatSendsATooLargeBodyWholeThenReadsGetsThe413")
public final class RefusedBodyNotDrained implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config,
                parts -> parts.withFraming(new Framing() {
                    @Override
                    public long maxLingerBytes() {
                        return 0; // closed at once
                    }
                }));
    }
}
