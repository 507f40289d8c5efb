package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.http.HttpServerConfig;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-one-port", "c-one-port"},
        breaks = "the server opens its port with SO_REUSEPORT, so a second node on the same port starts "
                + "too and the kernel splits the connections between them",
        caughtBy =
                "course.tests.stage1.OnePortOneNodeTest#aSecondNodeOnATakenPortFailsToStartAndTheFirstAnswersEveryRequest")
public final class SharesItsPort implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.server(config, routes -> {
            HttpServerConfig shared = SyncHttpServer.config(config.selfPort());
            shared.acceptors[0].reusePort = true;
            return new SyncHttpServer(shared, routes);
        });
    }
}
