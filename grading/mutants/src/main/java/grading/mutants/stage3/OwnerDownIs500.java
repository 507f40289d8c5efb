package grading.mutants.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import grading.mutants.HandlerChange;
import grading.mutants.Mutant;
import grading.mutants.NodeHandlerMutant;
import java.io.IOException;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 3,
        sentences = "s3-owner-unavailable",
        breaks = "a failed call to the owner ends in the handler's catch-all:"
                + " 500 Internal Server Error instead of 503 or 504 (the body still names the owner)",
        caughtBy =
                "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys(int, course.harness.Seed)")
public final class OwnerDownIs500 extends NodeHandlerMutant {
    @Override
    protected RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference reference)
            throws IOException {
        RequestHandler handler = reference.over(storage);
        return request -> {
            Response answer = handler.handle(request);
            int status = answer.getStatus();
            return status == 503 || status == 504 ? new Response(Response.INTERNAL_ERROR, answer.getBody()) : answer;
        };
    }
}
