package solutions.stage2;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import one.nio.http.HttpSession;
import one.nio.http.Request;
import one.nio.http.Response;
import one.nio.net.Socket;
import solutions.stage1.RequestHandler;
import solutions.stage1.Responses;
import solutions.stage1.SyncHttpServer;

/**
 * The stage-1 server with its one hook replaced: a request on a known path is queued for a worker instead of being
 * handled on the selector thread. A full queue is answered with 503 at once, so overload costs the selector
 * nothing but an answer; work that waited past its deadline is answered with 503 and never reaches storage.
 */
public class ExecutorHttpServer extends SyncHttpServer {
    /** How long stop waits for requests already being handled before it interrupts them. */
    private static final long STOP_GRACE_MILLIS = 5000;

    private final WorkerSettings settings;
    private final ThreadPoolExecutor executor;
    private volatile boolean stopping;

    public ExecutorHttpServer(int port, RequestHandler handler, WorkerSettings settings) throws IOException {
        super(port, handler);
        this.settings = settings;
        this.executor = new ThreadPoolExecutor(settings.workers(), settings.workers(), 0, TimeUnit.MILLISECONDS,
                settings.queue().newQueue(settings.queueCapacity()), threadFactory(port, settings),
                new ThreadPoolExecutor.AbortPolicy());
    }

    private static ThreadFactory threadFactory(int port, WorkerSettings settings) {
        String prefix = "worker-" + port + "-";
        return settings.virtualThreads()
                ? Thread.ofVirtual().name(prefix, 0).factory()
                : Thread.ofPlatform().name(prefix, 0).daemon(true).factory();
    }

    @Override
    public HttpSession createSession(Socket socket) {
        return new HandOffSession(socket, this);
    }

    @Override
    protected void process(Request request, HttpSession session) throws IOException {
        if (stopping) {
            session.sendResponse(Responses.text(Response.SERVICE_UNAVAILABLE, "the node is stopping"));
            return;
        }
        try {
            executor.execute(new QueuedRequest(request, session, System.nanoTime()));
        } catch (RejectedExecutionException e) {
            session.sendResponse(Responses.text(Response.SERVICE_UNAVAILABLE, "overloaded: " + executor.getQueue().size()
                    + " requests are already waiting for a worker; retry later"));
        }
    }

    /**
     * Rejects the queued requests, lets the ones being handled finish (interrupting them after a grace period),
     * then stops the selectors; storage closes only after this returns, so no worker touches closed storage.
     */
    @Override
    public synchronized void stop() {
        stopping = true;
        List<Runnable> queued = new ArrayList<>();
        executor.getQueue().drainTo(queued);
        for (Runnable r : queued) {
            ((QueuedRequest) r).answer(Responses.text(Response.SERVICE_UNAVAILABLE, "the node is stopping"));
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                executor.shutdownNow();
                executor.awaitTermination(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
        super.stop();
    }

    /** One request waiting for a worker, with the time it was queued to check its deadline. */
    private final class QueuedRequest implements Runnable {
        private final Request request;
        private final HttpSession session;
        private final long queuedAtNanos;

        QueuedRequest(Request request, HttpSession session, long queuedAtNanos) {
            this.request = request;
            this.session = session;
            this.queuedAtNanos = queuedAtNanos;
        }

        @Override
        public void run() {
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - queuedAtNanos);
            if (waitedMillis > settings.deadlineMillis()) {
                answer(Responses.text(Response.SERVICE_UNAVAILABLE, "waited " + waitedMillis
                        + " ms for a worker, longer than the deadline of " + settings.deadlineMillis() + " ms"));
                return;
            }
            if (settings.handlerDelayMillis() > 0 && !pause(settings.handlerDelayMillis())) {
                answer(Responses.text(Response.SERVICE_UNAVAILABLE, "the node is stopping"));
                return;
            }
            answer(respond(request));
        }

        /** Sends the answer; a client that went away costs its own session, never the worker. */
        void answer(Response response) {
            try {
                session.sendResponse(response);
            } catch (IOException | RuntimeException e) {
                session.close();
            }
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
    }
}
