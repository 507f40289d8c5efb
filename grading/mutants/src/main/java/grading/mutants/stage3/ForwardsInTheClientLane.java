package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 3,
        sentences = "s3-peer-lane",
        breaks = "requests from other nodes wait in the clients' queue for the same workers that wait "
                + "for other nodes (as when a forwarded request is not told apart): with few workers two nodes that forward "
                + "to each other starve until the peer timeout",
        caughtBy =
                "course.hidden.stage3.ForwardingStarvationTest#nodesForwardingToEachOtherWithOneWorkerEachKeepAnswering")
public final class ForwardsInTheClientLane implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // stage 2's server: one queue and one pool of workers for every request
        return ReferenceWith.server(
                this,
                config,
                routes -> new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties()));
    }
}
