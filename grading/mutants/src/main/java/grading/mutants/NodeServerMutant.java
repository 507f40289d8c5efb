package grading.mutants;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;

/**
 * A mutant of the stage-2, stage-3 or stage-5 reference (the stage its {@link Mutant} names) that serves the node's routes
 * with a server of its own; see {@link ReferenceWith#server}.
 */
public abstract class NodeServerMutant implements ServiceFactory {
    /** The server of one start of the node, with the settings the system properties give at that start. */
    protected abstract HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.server(
                this, config, routes -> server(config.selfPort(), routes, WorkerSettings.fromSystemProperties()));
    }
}
