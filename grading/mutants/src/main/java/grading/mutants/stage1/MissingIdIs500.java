package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 1,
        sentences = {"s1-id-400", "c-requests-answered"},
        breaks = "a missing id fails with a NullPointerException: 500 instead of 400",
        caughtBy = "course.tests.stage1.EntityProtocolTest#missingOrEmptyIdIs400")
public final class MissingIdIs500 extends HandlerMutant {
    @Override
    protected RequestHandler handler(RequestHandler reference) {
        return request -> request.getParameter("id=") == null
                ? new Response(Response.INTERNAL_ERROR, Response.EMPTY)
                : reference.handle(request);
    }
}
