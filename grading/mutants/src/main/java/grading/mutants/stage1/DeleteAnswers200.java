package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "DELETE answers 200 OK instead of 202 Accepted", caughtBy = "course.tests.stage1.EntityProtocolTest#deleteRemovesAndIs202EvenWhenAbsent")
public final class DeleteAnswers200 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                EntityHandler reference = new EntityHandler(storage);
                return request -> {
                    Response response = reference.handle(request);
                    return request.getMethod() == Request.METHOD_DELETE && response.getStatus() == 202
                            ? new Response(Response.OK, Response.EMPTY) : response;
                };
            }
        };
    }
}
