package solutions.stage5;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import one.nio.http.HttpServer;
import solutions.stage1.RequestHandler;
import solutions.stage2.WorkerSettings;
import solutions.stage3.PeerClient;
import solutions.stage3.Rendezvous;
import solutions.stage4.Stage4Node;

/**
 * The stage-5 node: the stage-4 node with two pieces replaced, the coordinator and the server's sessions. A worker
 * sends the replica requests, serves the local replica and is free again; the answer goes to the client from the
 * thread on which the ack-th replica's reply arrived. Stage 4's handler stays as the replica endpoint.
 */
public class Stage5Node extends Stage4Node {
    private PeerClient coordinatorPeers;

    public Stage5Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        RequestHandler replica = super.createHandler(storage);
        coordinatorPeers = new PeerClient(config.selfUrl(), config.clusterSecret(), peerTimeout());
        return new AsyncReplicatingHandler(config.selfUrl(), new Rendezvous(config.clusterUrls()), replica,
                coordinatorPeers, timestamps);
    }

    @Override
    protected HttpServer createServer(RequestHandler handler) throws IOException {
        return new AsyncHttpServer(config.selfPort(), handler, WorkerSettings.fromSystemProperties());
    }

    @Override
    protected void onStop() throws IOException {
        if (coordinatorPeers != null) {
            coordinatorPeers.close();
            coordinatorPeers = null;
        }
        super.onStop();
    }
}
