package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;

@Mutant(
        stage = 1,
        sentences = "s1-put-201",
        breaks = "PUT answers 200 OK instead of 201 Created",
        caughtBy = "course.tests.stage1.EntityProtocolTest#putThenGetReturnsTheExactBytes")
public final class PutAnswers200 extends StatusMutant {
    public PutAnswers200() {
        super(201, Response.OK);
    }
}
