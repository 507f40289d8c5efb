package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.HttpException;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-method-501",
        breaks = "an unknown method (FOO, lowercase get) gets one-nio's 400 Invalid request instead of 501",
        caughtBy = "course.tests.stage1.RequestFramingTest#unknownMethodsAre501")
public final class UnknownMethodIs400 extends FramingMutant {
    @Override
    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
        try {
            return super.requestLine(buffer, start, length);
        } catch (Refusal r) {
            throw r.status().startsWith("501") ? new Refusal(Response.BAD_REQUEST, "Invalid request") : r;
        }
    }
}
