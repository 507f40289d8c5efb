package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import one.nio.http.Request;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-one-copy",
        breaks = "a node that forwards a write also keeps a copy: more than one copy per key",
        caughtBy =
                "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys(int, course.harness.Seed)")
public final class WritesLocallyToo implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.handler(this, config, (storage, reference) -> {
            EntityHandler local = new EntityHandler(storage);
            RequestHandler sharding = reference.over(storage);
            return request -> {
                boolean write =
                        request.getMethod() == Request.METHOD_PUT || request.getMethod() == Request.METHOD_DELETE;
                if (write && request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null) {
                    local.handle(request);
                }
                return sharding.handle(request);
            };
        });
    }
}
