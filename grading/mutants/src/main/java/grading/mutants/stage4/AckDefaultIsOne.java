package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ClientQuery;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;

@Mutant(stage = 4, breaks = "without an ack parameter a request needs only one replica's answer, not a majority of from",
        caughtBy = "course.tests.stage4.ReplicaParametersTest#defaultsAreAllNodesAndAMajority")
public final class AckDefaultIsOne implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return ClientQuery.rewriting(super.createHandler(storage), "/v0/entity",
                        (method, params) -> {
                            if (ClientQuery.wellFormed(params)) {
                                params.putIfAbsent("ack", "1");
                            }
                        });
            }
        };
    }
}
