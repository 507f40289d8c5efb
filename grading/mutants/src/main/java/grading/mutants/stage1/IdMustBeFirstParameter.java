package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "the id is found only when it is the first query parameter (?id=...)",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#idIsFoundAmongOtherParameters")
public final class IdMustBeFirstParameter implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                EntityHandler reference = new EntityHandler(storage);
                return request -> request.getURI().startsWith(EntityHandler.PATH + "?id=")
                        ? reference.handle(request) : new Response(Response.BAD_REQUEST, Response.EMPTY);
            }
        };
    }
}
