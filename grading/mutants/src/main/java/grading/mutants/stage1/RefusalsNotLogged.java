package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.logging.Level;
import java.util.logging.Logger;
import solutions.stage1.Stage1Node;

@Mutant(
        stage = 1,
        sentences = "s1-log-refusals",
        breaks = "refused requests leave no line in the node's log (as with one-nio's own errors on slf4j-nop)",
        caughtBy = "course.hidden.stage1.RefusalLoggingTest#aRefusedRequestIsLoggedWithItsReason")
public final class RefusalsNotLogged implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        CONNECTIONS.setLevel(Level.OFF);
        return new Stage1Node(config);
    }

    /** Held here: java.util.logging keeps loggers only weakly, and a collected one would lose its level. */
    private static final Logger CONNECTIONS = Logger.getLogger("solutions.connections");
}
