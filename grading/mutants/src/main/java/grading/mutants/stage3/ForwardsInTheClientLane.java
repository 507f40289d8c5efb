package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;
import solutions.stage3.Stage3Node;

@Mutant(stage = 3, breaks = "requests from other nodes wait in the clients' queue for the same workers that wait "
        + "for other nodes (as when a forwarded request is not told apart): with few workers two nodes that forward "
        + "to each other starve until the peer timeout",
        caughtBy = "course.hidden.stage3.ForwardingStarvationTest#nodesForwardingToEachOtherWithOneWorkerEachKeepAnswering")
public final class ForwardsInTheClientLane implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage3Node(config) {
            @Override
            protected HttpServer createServer(Routes routes) throws IOException {
                return new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties());
            }
        };
    }
}
