package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;

@Mutant(
        stage = 1,
        sentences = "s1-delete-202",
        breaks = "DELETE answers 200 OK instead of 202 Accepted",
        caughtBy = "course.tests.stage1.EntityProtocolTest#deleteRemovesAndIs202EvenWhenAbsent")
public final class DeleteAnswers200 extends StatusMutant {
    public DeleteAnswers200() {
        super(202, Response.OK);
    }
}
