package solutions.stage4;

import course.contract.ServiceConfig;
import course.contract.storage.Storage;
import java.io.IOException;
import solutions.stage1.RequestHandler;
import solutions.stage3.Rendezvous;
import solutions.stage3.Stage3Node;

/**
 * The stage-4 node: the stage-3 node with one piece replaced, the handler. Each key is stored on the first
 * {@code from} nodes of its rendezvous ranking; a request succeeds once {@code ack} of them answered.
 */
public class Stage4Node extends Stage3Node {
    /** This node's write timestamps; one clock per node, whichever coordinator (stage 5's too) uses it. */
    protected final Timestamps timestamps = new Timestamps();

    public Stage4Node(ServiceConfig config) {
        super(config);
    }

    @Override
    protected RequestHandler createHandler(Storage storage) throws IOException {
        return new ReplicatingHandler(config.selfUrl(), new Rendezvous(config.clusterUrls()),
                new LocalReplica(storage), openPeers(), timestamps);
    }
}
