package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import one.nio.http.Response;
import solutions.stage1.Query;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage3.PeerClient;
import solutions.stage4.ReplicaCount;

@Mutant(
        stage = 4,
        sentences = "s4-method-id-first",
        breaks = "ack and from are checked before the method and the id: a POST with ack=0 is answered 400, where"
                + " the method alone makes it a 405",
        caughtBy = "course.hidden.stage4.CheckOrderTest#theMethodAndTheIdAreCheckedBeforeAckAndFrom")
public final class AckAndFromCheckedFirst implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        int clusterSize = config.clusterUrls().size();
        return ReferenceWith.handler(this, config, (storage, reference) -> {
            RequestHandler coordinatorAndReplica = reference.over(storage);
            return request -> {
                if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null) {
                    try {
                        ReplicaCount.parse(Query.of(request.getURI()), clusterSize);
                    } catch (IllegalArgumentException e) {
                        return Responses.text(Response.BAD_REQUEST, e.getMessage());
                    }
                }
                return coordinatorAndReplica.handle(request);
            };
        });
    }
}
