package solutions.stage5;

import course.contract.ServiceConfig;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import one.nio.http.HttpServer;
import one.nio.http.Response;
import solutions.stage1.Routes;
import solutions.stage2.WorkerSettings;
import solutions.stage4.Stage4Node;

/**
 * The stage-5 node: the stage-4 node whose workers never wait for other nodes. A worker starts the quorum (sends the
 * replica requests, serves the local replica) and is free again; the answer goes to the client from the thread on
 * which the deciding replica's reply arrived. Two pieces change: how a client gets the coordinator's answer, and the
 * server's sessions, which can send it later.
 */
public class Stage5Node extends Stage4Node {
    public Stage5Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected Response answer(CompletableFuture<Response> decision) {
        return new PendingResponse(decision);
    }

    @Override
    protected HttpServer createServer(Routes routes) throws IOException {
        return new AsyncHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties());
    }
}
