package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;
import solutions.stage5.PendingResponse;
import solutions.stage5.Stage5Node;

@Mutant(stage = 5, breaks = "the coordinator's worker blocks on future.get() until the quorum is decided, instead of "
        + "answering from the thread that completes it",
        caughtBy = "course.tests.stage5.NoThreadWaitsForReplicasTest#noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight(course.harness.Cluster)")
public final class WorkerWaitsForTheQuorum implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage5Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                RequestHandler async = super.createHandler(storage);
                return request -> {
                    Response response = async.handle(request);
                    if (!(response instanceof PendingResponse pending)) {
                        return response;
                    }
                    try {
                        return pending.future().get();
                    } catch (InterruptedException | ExecutionException e) {
                        throw new IOException(e);
                    }
                };
            }
        };
    }
}
