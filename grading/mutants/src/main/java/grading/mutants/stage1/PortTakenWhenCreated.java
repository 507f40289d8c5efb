package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

@Mutant(
        stage = 1,
        sentences = "c-create-opens-nothing",
        breaks = "the node opens its port when it is created (a server built in the constructor binds it) and serves"
                + " on it from start(): creating a second node of that port fails while the first exists",
        caughtBy = "course.tests.stage1.CreateOpensNothingTest#nodesOfOnePortAreAllCreatedAndTheOneStartedServes")
public final class PortTakenWhenCreated implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        ServerSocket bound;
        try {
            bound = new ServerSocket(config.selfPort());
        } catch (IOException e) {
            throw new UncheckedIOException("port " + config.selfPort() + " cannot be bound", e);
        }
        // The reference's server takes the port over at start: the socket bound at creation is let go just before.
        return Stage1With.lifecycle(
                config,
                start -> {
                    bound.close();
                    start.run();
                },
                Stage1With.Step::run);
    }
}
