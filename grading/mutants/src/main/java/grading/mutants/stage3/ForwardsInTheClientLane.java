package grading.mutants.stage3;

import grading.mutants.Mutant;
import grading.mutants.NodeServerMutant;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
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
public final class ForwardsInTheClientLane extends NodeServerMutant {
    @Override
    protected HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException {
        return new ExecutorHttpServer(port, routes, settings); // stage 2's server: one queue and one pool of workers
    }
}
