package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;

@Mutant(
        stage = 1,
        sentences = "s1-method-405",
        breaks = "POST and other methods answer 400 Bad Request instead of 405 Method Not Allowed",
        caughtBy = "course.tests.stage1.EntityProtocolTest#otherMethodsAre405")
public final class OtherMethodsAre400 extends StatusMutant {
    public OtherMethodsAre400() {
        super(405, Response.BAD_REQUEST);
    }
}
