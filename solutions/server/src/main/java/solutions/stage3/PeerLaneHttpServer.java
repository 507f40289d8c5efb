package solutions.stage3;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

/**
 * The stage-2 server with a second pool of workers that serves only other nodes' requests (marked with
 * {@link PeerClient#INTERNAL_HEADER}). A client's request holds a worker while it waits for another node. If that
 * node's answer had to queue behind its own clients' requests, which in turn wait for workers here, every worker of
 * the cluster would end up waiting for a peer that cannot get a worker, until the peer timeout: distributed
 * starvation, a collapse under load that a single node never shows. Other nodes' requests only touch local storage
 * and never wait for anyone, so in a lane of their own they always make progress.
 */
public class PeerLaneHttpServer extends ExecutorHttpServer {
    private static final long STOP_GRACE_MILLIS = 5000;

    private final ThreadPoolExecutor peerWorkers;

    public PeerLaneHttpServer(int port, RequestHandler handler, WorkerSettings settings) throws IOException {
        super(port, handler, settings);
        this.peerWorkers = new ThreadPoolExecutor(settings.workers(), settings.workers(), 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(settings.queueCapacity()),
                Thread.ofPlatform().name("peer-worker-" + port + "-", 0).daemon(true).factory(),
                new ThreadPoolExecutor.AbortPolicy());
    }

    @Override
    protected void process(Request request, HttpSession session) throws IOException {
        if (request.getHeaderValue(PeerClient.INTERNAL_HEADER) == null) {
            super.process(request, session);
            return;
        }
        try {
            peerWorkers.execute(() -> sendQuietly(session, respond(request)));
        } catch (RejectedExecutionException e) {
            session.sendResponse(Responses.text(Response.SERVICE_UNAVAILABLE, peerWorkers.isShutdown()
                    ? "the node is stopping"
                    : "overloaded: " + peerWorkers.getQueue().size() + " requests from other nodes are waiting"));
        }
    }

    /** Finishes the other nodes' requests already accepted, then stops as the stage-2 server does. */
    @Override
    public synchronized void stop() {
        peerWorkers.shutdown();
        try {
            if (!peerWorkers.awaitTermination(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                peerWorkers.shutdownNow();
            }
        } catch (InterruptedException e) {
            peerWorkers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        super.stop();
    }

    /** A peer that went away costs its own session, never the worker. */
    private static void sendQuietly(HttpSession session, Response response) {
        try {
            session.sendResponse(response);
        } catch (IOException | RuntimeException e) {
            session.close();
        }
    }
}
