package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.http.HttpServerConfig;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-one-port", "c-one-port"},
        breaks = "the server opens its port with SO_REUSEPORT, so a second node on the same port starts "
                + "too and the kernel splits the connections between them",
        caughtBy =
                "course.tests.stage1.OnePortOneNodeTest#aSecondNodeOnATakenPortFailsToStartAndTheFirstAnswersEveryRequest")
public final class SharesItsPort extends ServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes) throws IOException {
        HttpServerConfig shared = SyncHttpServer.config(port);
        shared.acceptors[0].reusePort = true;
        return new SyncHttpServer(shared, routes);
    }
}
