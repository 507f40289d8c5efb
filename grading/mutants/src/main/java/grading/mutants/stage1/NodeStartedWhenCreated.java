package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.io.IOException;
import java.io.UncheckedIOException;
import solutions.stage1.Stage1Node;

@Mutant(
        stage = 1,
        sentences = "c-created-stopped",
        breaks = "the factory hands out a node that is already serving: create() starts it (start() then finds it"
                + " running and does nothing)",
        caughtBy = "course.tests.stage1.CreateOpensNothingTest#aCreatedNodeDoesNotListenUntilItIsStarted")
public final class NodeStartedWhenCreated implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        Service node = new Stage1Node(config);
        try {
            node.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return node;
    }
}
