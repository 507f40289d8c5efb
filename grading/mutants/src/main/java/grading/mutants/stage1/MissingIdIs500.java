package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.Response;

@Mutant(
        stage = 1,
        sentences = {"s1-id-400", "c-requests-answered"},
        breaks = "a missing id fails with a NullPointerException: 500 instead of 400",
        caughtBy = "course.tests.stage1.EntityProtocolTest#missingOrEmptyIdIs400")
public final class MissingIdIs500 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.handler(
                config,
                reference -> request -> request.getParameter("id=") == null
                        ? new Response(Response.INTERNAL_ERROR, Response.EMPTY)
                        : reference.handle(request));
    }
}
