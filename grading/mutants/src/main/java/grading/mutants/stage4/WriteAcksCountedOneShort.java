package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ClientQuery;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.Request;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;

@Mutant(stage = 4, breaks = "a write counts one replica answer too many (the coordinator counts itself twice): it succeeds with ack-1 replicas",
        caughtBy = "course.hidden.stage4.FiveNodeAckFromTest#everyPairWorksAndOneStoppedNodeCostsExactlyOneReplica")
public final class WriteAcksCountedOneShort implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        int size = config.clusterUrls().size();
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return ClientQuery.rewriting(super.createHandler(storage), "/v0/entity",
                        (method, params) -> {
                            if (ClientQuery.wellFormed(params)) {
                                if (method == Request.METHOD_PUT || method == Request.METHOD_DELETE) {
                                    int ack = ClientQuery.ack(params, size);
                                    params.put("ack", String.valueOf(Math.max(1, ack - 1)));
                                }
                            }
                        });
            }
        };
    }
}
