package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ClientQuery;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.RequestHandler;
import solutions.stage5.Stage5Node;

@Mutant(stage = 5, breaks = "the coordinator waits for all from replicas instead of ack: one unreachable replica fails every request",
        caughtBy = "course.hidden.stage5.PartitionedReplicaTest#quorumsAnswerWithOneReplicaPartitioned(course.harness.Cluster, course.harness.Seed)")
public final class WaitsForAllReplicas implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        int size = config.clusterUrls().size();
        return new Stage5Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return ClientQuery.rewriting(super.createHandler(storage), "/v0/entity",
                        (method, params) -> {
                            if (ClientQuery.wellFormed(params)) {
                                int from = ClientQuery.from(params, size);
                                params.put("from", String.valueOf(from));
                                params.put("ack", String.valueOf(from));
                            }
                        });
            }
        };
    }
}
