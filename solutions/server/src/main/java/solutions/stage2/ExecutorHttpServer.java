package solutions.stage2;

import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Responses;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

/**
 * The stage-1 server with its one hook replaced: a request on a served path is queued for a {@link WorkerPool}
 * instead of being handled on the selector thread. Work that waited past its deadline is answered with 503 and
 * never reaches storage.
 */
public class ExecutorHttpServer extends SyncHttpServer {
    private final WorkerSettings settings;
    private final WorkerPool workerPool;

    public ExecutorHttpServer(int port, Routes routes, WorkerSettings settings) throws IOException {
        this(port, routes, settings, settings.queue().newQueue(settings.queueCapacity()));
    }

    /**
     * A server whose workers take their requests from {@code queue} in place of the one the settings make: what a
     * course mutant changes to show a stop that works through its queue.
     */
    protected ExecutorHttpServer(int port, Routes routes, WorkerSettings settings, BlockingQueue<Runnable> queue)
            throws IOException {
        super(port, routes);
        this.settings = settings;
        this.workerPool = new WorkerPool(
                "worker-" + port + "-", settings.workers(), queue, settings.virtualThreads(), "requests");
    }

    @Override
    protected void process(Request request, HttpSession session) throws IOException {
        long queuedAtNanos = System.nanoTime();
        workerPool.submit(session, () -> respondInTime(request, queuedAtNanos));
    }

    /** The handler's response, unless the request waited past its deadline: nobody waits for that answer any more. */
    private Response respondInTime(Request request, long queuedAtNanos) {
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - queuedAtNanos);
        if (waitedMillis > settings.deadlineMillis()) {
            return Responses.text(
                    Response.SERVICE_UNAVAILABLE,
                    "waited " + waitedMillis + " ms for a worker, longer than the deadline of "
                            + settings.deadlineMillis() + " ms");
        }
        if (settings.handlerDelayMillis() > 0 && !pause(settings.handlerDelayMillis())) {
            return Responses.text(Response.SERVICE_UNAVAILABLE, "the node is stopping");
        }
        return respond(request);
    }

    private static boolean pause(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Rejects the queued requests and lets the ones being handled finish, then stops the selectors; storage closes
     * only after this returns, so no worker touches closed storage.
     */
    @Override
    public synchronized void stop() {
        workerPool.stop();
        super.stop();
    }
}
