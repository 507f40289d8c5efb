package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;

@Mutant(
        stage = 1,
        sentences = {"s1-query-shapes", "s3-unknown-parameters"},
        breaks = "the id is found only when it is the first query parameter (?id=...)",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#idIsFoundAmongOtherParameters")
public final class IdMustBeFirstParameter implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.handler(
                config,
                reference -> request -> request.getURI().startsWith(EntityHandler.PATH + "?id=")
                        ? reference.handle(request)
                        : new Response(Response.BAD_REQUEST, Response.EMPTY));
    }
}
