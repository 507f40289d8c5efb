package solutions.stage6;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.RequestHandler;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;
import solutions.stage5.Stage5Node;

/**
 * The stage-6 node: the stage-5 node with one route more, a range endpoint beside the entity protocol, and a server
 * whose sessions stream its answers.
 */
public class Stage6Node extends Stage5Node {
    public Stage6Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected Routes routes(Storage storage) throws IOException {
        return super.routes(storage).with(RangeHandler.PATH, createRangeHandler(storage));
    }

    /** The handler of {@value RangeHandler#PATH}: this node's own entries, streamed. */
    protected RequestHandler createRangeHandler(Storage storage) {
        return new RangeHandler(storage);
    }

    @Override
    protected HttpServer createServer(Routes routes) throws IOException {
        return new StreamingHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties());
    }
}
