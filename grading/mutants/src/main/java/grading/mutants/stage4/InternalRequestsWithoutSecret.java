package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;

@Mutant(stage = 4, breaks = "a request marked X-Course-Internal is served as another node's without the cluster's "
        + "secret: any client can write a replica record with any timestamp, or read the stored record",
        caughtBy = "course.hidden.stage4.ForgedInternalRequestsTest#aForgedReplicaWriteWithAFarFutureTimestampDoesNotPinItsValue")
public final class InternalRequestsWithoutSecret implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected RequestHandler admitting(RequestHandler handler) {
                return handler;
            }
        };
    }
}
