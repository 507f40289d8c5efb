package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-too-long-414",
        breaks = "a request line or header line longer than the session keeps between reads is answered as one-nio "
                + "answers it, 400 \"Line too long\", not 414 or 431",
        caughtBy = "course.tests.stage1.RequestFramingTest#linesOverTheLimitAre414And431AndLinesUpTo2KiBAreServed")
public final class LongLinesAre400 extends FramingMutant {
    @Override
    public Refusal lineTooLong(boolean requestLine, int keptBytes) {
        return new Refusal(Response.BAD_REQUEST, "Line too long");
    }
}
