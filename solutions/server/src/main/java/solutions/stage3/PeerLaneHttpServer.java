package solutions.stage3;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import solutions.stage1.Routes;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerPool;
import solutions.stage2.WorkerSettings;

/**
 * The stage-2 server with a second {@link WorkerPool} that serves only other nodes' requests (marked with
 * {@link PeerClient#INTERNAL_HEADER}). A client's request holds a worker while it waits for another node. If that
 * node's answer had to queue behind its own clients' requests, which in turn wait for workers here, every worker of
 * the cluster would end up waiting for a peer that cannot get a worker, until the peer timeout: distributed
 * starvation, a collapse under load that a single node never shows. Other nodes' requests only touch local storage
 * and never wait for anyone, so in a lane of their own they always make progress.
 */
public class PeerLaneHttpServer extends ExecutorHttpServer {
    private final WorkerPool peerWorkers;

    public PeerLaneHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        super(port, routes, settings);
        // First in, first out and no deadline: another node's request is short and its sender is still waiting.
        this.peerWorkers = new WorkerPool(
                "peer-worker-" + port + "-",
                settings.workers(),
                new ArrayBlockingQueue<>(settings.queueCapacity()),
                false,
                "requests from other nodes");
    }

    @Override
    protected void process(Request request, HttpSession session) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null) {
            super.process(request, session);
        } else {
            peerWorkers.submit(session, () -> respond(request));
        }
    }

    /** Stops the other nodes' lane, then the clients' as the stage-2 server does. */
    @Override
    public synchronized void stop() {
        peerWorkers.stop();
        super.stop();
    }
}
