package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;

/** A stage-2 mutant that serves the reference node's routes with a server of its own, on the node's port. */
abstract class WorkerServerMutant implements ServiceFactory {
    /** The server of one start of the node, with the settings the system properties give at that start. */
    protected abstract HttpServer server(int port, Routes routes, WorkerSettings settings) throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return Stage2With.server(
                config, routes -> server(config.selfPort(), routes, WorkerSettings.fromSystemProperties()));
    }
}
