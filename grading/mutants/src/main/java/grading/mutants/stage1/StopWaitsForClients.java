package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import solutions.stage1.SyncHttpServer;

@Mutant(
        stage = 1,
        sentences = "c-stop-does-not-wait",
        breaks = "stop() is \"graceful\": it waits until every client has closed its connection before it stops the"
                + " server, so a client that keeps an idle connection open holds stop() for good",
        caughtBy = "course.tests.stage1.StopDoesNotWaitTest#stopReturnsWhileClientsHoldTheirConnectionsOpen")
public final class StopWaitsForClients implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.server(this, config, routes -> new SyncHttpServer(config.selfPort(), routes) {
            @Override
            public synchronized void stop() {
                while (getConnections() > 0) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                super.stop();
            }
        });
    }
}
