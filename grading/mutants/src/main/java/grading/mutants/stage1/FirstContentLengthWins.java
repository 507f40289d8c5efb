package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Request;
import solutions.stage1.BodyFraming;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-framing-conflict-400",
        breaks = "the first Content-Length header is trusted: a second, different one or a Transfer-Encoding"
                + " is ignored",
        caughtBy = "course.tests.stage1.RequestFramingTest#twoDifferentContentLengthsAre400AndNothingIsStored")
public final class FirstContentLengthWins extends FramingMutant {
    @Override
    public BodyFraming bodyOf(Request request) throws Refusal {
        String first = request.getHeader("Content-Length:");
        return first == null ? super.bodyOf(request) : new BodyFraming(false, first);
    }
}
