package solutions.stage2;

import course.contract.ServiceConfig;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.Routes;
import solutions.stage1.Stage1Node;

/**
 * The stage-2 node: the stage-1 node with one piece replaced, the server. Selector threads only parse requests and
 * answer; the handler runs in a bounded pool of workers. Settings are read at every start, so a test can restart a
 * node with other system properties.
 */
public class Stage2Node extends Stage1Node {
    public Stage2Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected HttpServer createServer(Routes routes) throws IOException {
        return new ExecutorHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties());
    }
}
