package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.Request;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;
import solutions.stage3.ShardingHandler;
import solutions.stage3.Stage3Node;

@Mutant(stage = 3, breaks = "a node that forwards a write also keeps a copy: more than one copy per key",
        caughtBy = "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys(int, course.harness.Seed)")
public final class WritesLocallyToo implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage3Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                EntityHandler local = new EntityHandler(storage);
                ShardingHandler sharding = new ShardingHandler(config.selfUrl(), new Rendezvous(config.clusterUrls()),
                        local, openPeers());
                return request -> {
                    boolean write = request.getMethod() == Request.METHOD_PUT
                            || request.getMethod() == Request.METHOD_DELETE;
                    if (write && request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null) {
                        local.handle(request);
                    }
                    return sharding.handle(request);
                };
            }
        };
    }
}
