package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import one.nio.server.AcceptorConfig;
import one.nio.server.acceptor.Acceptor;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-out-of-descriptors"},
        breaks = "one-nio's own acceptor is kept: out of file descriptors it retries the failed accept at once,"
                + " forever, so a core spins, nothing is logged, and a new client waits until the holders leave",
        caughtBy =
                "course.hidden.stage1.OutOfDescriptorsTest#aNodeOutOfDescriptorsKeepsItsCpuSaysSoOnceAndServesANewClient")
public final class OneNioAcceptor extends ServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes) throws IOException {
        return new SyncHttpServer(port, routes) {
            @Override
            protected Acceptor takeOver(Acceptor oneNios, AcceptorConfig acceptor) {
                return oneNios;
            }
        };
    }
}
