package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import one.nio.http.Response;

@Mutant(
        stage = 3,
        sentences = "s3-owner-unavailable",
        breaks = "a failed call to the owner ends in the handler's catch-all:"
                + " 500 Internal Server Error instead of 503 or 504 (the body still names the owner)",
        caughtBy =
                "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys(int, course.harness.Seed)")
public final class OwnerDownIs500 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.handler(this, config, (storage, reference) -> {
            var handler = reference.over(storage);
            return request -> {
                Response answer = handler.handle(request);
                int status = answer.getStatus();
                return status == 503 || status == 504
                        ? new Response(Response.INTERNAL_ERROR, answer.getBody())
                        : answer;
            };
        });
    }
}
