package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 1,
        sentences = {"s1-query-shapes", "s3-unknown-parameters"},
        breaks = "the id is found only when it is the first query parameter (?id=...)",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#idIsFoundAmongOtherParameters")
public final class IdMustBeFirstParameter extends HandlerMutant {
    @Override
    protected RequestHandler handler(RequestHandler reference) {
        return request -> request.getURI().startsWith(EntityHandler.PATH + "?id=")
                ? reference.handle(request)
                : new Response(Response.BAD_REQUEST, Response.EMPTY);
    }
}
