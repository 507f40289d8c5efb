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

@Mutant(stage = 1, breaks = "PUT answers 200 OK instead of 201 Created", caughtBy = "course.tests.stage1.EntityProtocolTest#putThenGetReturnsTheExactBytes")
public final class PutAnswers200 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                EntityHandler reference = new EntityHandler(storage);
                return request -> {
                    Response response = reference.handle(request);
                    return request.getMethod() == Request.METHOD_PUT && response.getStatus() == 201
                            ? new Response(Response.OK, Response.EMPTY) : response;
                };
            }
        };
    }
}
