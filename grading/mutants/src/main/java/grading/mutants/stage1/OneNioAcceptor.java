package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import one.nio.server.AcceptorConfig;
import one.nio.server.acceptor.Acceptor;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = {"s1-out-of-descriptors"},
        breaks = "one-nio's own acceptor is kept: out of file descriptors it retries the failed accept at once,"
                + " forever, so a core spins, nothing is logged, and a new client waits until the holders leave",
        caughtBy =
                "course.hidden.stage1.OutOfDescriptorsTest#aNodeOutOfDescriptorsKeepsItsCpuSaysSoOnceAndServesANewClient")
public final class OneNioAcceptor implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.server(config, routes -> new SyncHttpServer(config.selfPort(), routes) {
            @Override
            protected Acceptor takeOver(Acceptor oneNios, AcceptorConfig acceptor) {
                return oneNios;
            }
        });
    }
}
