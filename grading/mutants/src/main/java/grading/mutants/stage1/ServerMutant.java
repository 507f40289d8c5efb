package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ReferenceWith;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;

/** A stage-1 mutant that serves the reference node's routes with a server of its own, on the node's port. */
abstract class ServerMutant implements ServiceFactory {
    /** The server of one start of the node, listening on {@code port}. */
    protected abstract HttpServer server(int port, Routes routes) throws IOException;

    @Override
    public final Service create(ServiceConfig config) {
        return ReferenceWith.server(this, config, routes -> server(config.selfPort(), routes));
    }
}
