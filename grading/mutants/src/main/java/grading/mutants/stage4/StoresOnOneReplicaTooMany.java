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

@Mutant(stage = 4, breaks = "a write with from below the cluster size is stored on from+1 nodes (over-replication)",
        caughtBy = "course.tests.stage4.NoOverReplicationTest#aPutStoresExactlyFromCopies(int, course.harness.Seed)")
public final class StoresOnOneReplicaTooMany implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        int size = config.clusterUrls().size();
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return ClientQuery.rewriting(super.createHandler(storage), "/v0/entity",
                        (method, params) -> {
                            if (ClientQuery.wellFormed(params)) {
                                int from = ClientQuery.from(params, size);
                                if ((method == Request.METHOD_PUT || method == Request.METHOD_DELETE) && from < size) {
                                    params.put("ack", String.valueOf(ClientQuery.ack(params, size)));
                                    params.put("from", String.valueOf(from + 1));
                                }
                            }
                        });
            }
        };
    }
}
