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

@Mutant(stage = 4, breaks = "a GET answers with the first replica's answer instead of the newest of ack answers",
        caughtBy = "course.hidden.stage4.HistoryUnderFaultsTest#acknowledgedWritesAreSeenByLaterQuorumReads")
public final class GetTakesTheFirstAnswer implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        int size = config.clusterUrls().size();
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return ClientQuery.rewriting(super.createHandler(storage), "/v0/entity",
                        (method, params) -> {
                            if (ClientQuery.wellFormed(params)) {
                                if (method == Request.METHOD_GET) {
                                    params.put("from", String.valueOf(ClientQuery.from(params, size)));
                                    params.put("ack", "1");
                                }
                            }
                        });
            }
        };
    }
}
