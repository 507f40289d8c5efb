package solutions.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage2.Stage2Node;

/**
 * The stage-3 node: the stage-2 node with one piece replaced, the handler. Keys are sharded by rendezvous hashing
 * over the cluster's URLs; a node forwards a request for another node's key to that node.
 */
public class Stage3Node extends Stage2Node {
    private PeerClient peers;

    public Stage3Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        return new ShardingHandler(config.selfUrl(), new Rendezvous(config.clusterUrls()),
                new EntityHandler(storage), openPeers());
    }

    /** A client for the other nodes, opened at every start and closed by {@link #onStop}. */
    protected final PeerClient openPeers() {
        peers = new PeerClient(config.selfUrl(), PeerClient.timeoutFromSystemProperties());
        return peers;
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
