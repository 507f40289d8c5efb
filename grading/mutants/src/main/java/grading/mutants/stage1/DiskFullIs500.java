package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.Response;

@Mutant(
        stage = 1,
        sentences = "s1-disk-full-507",
        breaks = "a write the full disk refuses is handled like any other failure of the handler: 500 Internal Server "
                + "Error (with the reason), not 507 Insufficient Storage",
        caughtBy = "course.hidden.stage1.DiskFullTest#aWriteTheFullDiskRefusesIs507AndTheNodeGoesOnOnceThereIsRoom")
public final class DiskFullIs500 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.handler(config, reference -> request -> {
            Response response = reference.handle(request);
            return response.getStatus() == 507 ? new Response(Response.INTERNAL_ERROR, response.getBody()) : response;
        });
    }
}
