package grading.mutants.stage1;

import grading.mutants.Mutant;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 1,
        sentences = "s1-disk-full-507",
        breaks = "a write the full disk refuses is handled like any other failure of the handler: 500 Internal Server "
                + "Error (with the reason), not 507 Insufficient Storage",
        caughtBy = "course.hidden.stage1.DiskFullTest#aWriteTheFullDiskRefusesIs507AndTheNodeGoesOnOnceThereIsRoom")
public final class DiskFullIs500 extends HandlerMutant {
    @Override
    protected RequestHandler handler(RequestHandler reference) {
        return request -> {
            Response response = reference.handle(request);
            return response.getStatus() == 507 ? new Response(Response.INTERNAL_ERROR, response.getBody()) : response;
        };
    }
}
