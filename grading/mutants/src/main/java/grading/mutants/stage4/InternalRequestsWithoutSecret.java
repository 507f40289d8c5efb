package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.util.function.UnaryOperator;

@Mutant(
        stage = 4,
        sentences = {"s4-secret", "s3-secret", "c-secret"},
        breaks = "a request marked X-Course-Internal is served as another node's without the cluster's "
                + "secret: any client can write a replica record with any timestamp, or read the stored record",
        caughtBy =
                "course.hidden.stage4.ForgedInternalRequestsTest#aForgedReplicaWriteWithAFarFutureTimestampDoesNotPinItsValue")
public final class InternalRequestsWithoutSecret implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // each route's handler as it is: no guard checks the secret
        return ReferenceWith.admitting(this, config, UnaryOperator.identity());
    }
}
