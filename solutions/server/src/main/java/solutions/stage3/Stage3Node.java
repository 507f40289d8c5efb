package solutions.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import java.time.Duration;
import one.nio.http.HttpServer;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Routes;
import solutions.stage2.Stage2Node;
import solutions.stage2.WorkerSettings;

/**
 * The stage-3 node: the stage-2 node with its handler replaced and its server extended. Keys are sharded by
 * rendezvous hashing over the cluster's URLs; a node forwards a request for another node's key to that node, and
 * serves the requests other nodes forward to it with workers of their own (see {@link PeerLaneHttpServer}).
 */
public class Stage3Node extends Stage2Node {
    private PeerClient peers;

    public Stage3Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        return new ShardingHandler(selfUrl(), rendezvous(), new EntityHandler(storage), openPeers());
    }

    /**
     * The URL by which this node knows itself among the cluster's: {@code config.selfUrl()}, never one made of its
     * port, since the other nodes may reach it through something in between (a course mutant makes one).
     */
    protected String selfUrl() {
        return config.selfUrl();
    }

    /** Who owns each key: rendezvous hashing over the cluster's URLs (a course mutant scores with a poor hash). */
    protected Rendezvous rendezvous() {
        return new Rendezvous(config.clusterUrls());
    }

    @Override
    protected HttpServer createServer(Routes routes) throws IOException {
        return new PeerLaneHttpServer(config.selfPort(), routes, WorkerSettings.fromSystemProperties());
    }

    /** Only the cluster's nodes may send requests marked as internal. */
    @Override
    protected RequestHandler admitting(RequestHandler handler) {
        return new InternalRequestGuard(config.clusterSecret(), handler);
    }

    /** A client for the other nodes, opened at every start and closed by {@link #onStop}. */
    protected final PeerClient openPeers() {
        peers = createPeers(config.selfUrl(), config.clusterSecret(), peerTimeout());
        return peers;
    }

    /** The client {@link #openPeers} opens (a course mutant's never sends a request again). */
    protected PeerClient createPeers(String self, String secret, Duration timeout) {
        return new PeerClient(self, secret, timeout);
    }

    /** How long another node has to answer before its silence becomes a 504. */
    protected Duration peerTimeout() {
        return PeerClient.timeoutFromSystemProperties();
    }

    @Override
    protected void onStop() throws IOException {
        if (peers != null) {
            peers.close();
            peers = null;
        }
        super.onStop();
    }
}
