package solutions.stage2;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import one.nio.http.HttpSession;
import one.nio.http.Response;
import solutions.stage1.CourseSession;
import solutions.stage1.Responses;

/**
 * Worker threads behind a bounded queue, each job ending in one answer to one session. A full queue is answered
 * with 503 at once, on the caller's (selector's) thread, so overload costs the selector nothing but an answer.
 * Stop rejects what still waits and lets the running jobs finish, so no worker touches storage after it closed.
 * Stage 2 serves clients with one; stage 3 gives the other nodes' requests a second one.
 */
public final class WorkerPool {
    /** How long stop waits for jobs already running before it interrupts them. */
    private static final long STOP_GRACE_MILLIS = 5000;

    private static final String STOPPING = "the node is stopping";

    private final String waiting;
    private final ThreadPoolExecutor executor;
    private volatile boolean stopping;

    /**
     * @param threadName prefix of the workers' names (a thread dump shows which pool a thread serves)
     * @param waiting    what waits in the queue, for the overload answer ("requests from other nodes")
     */
    public WorkerPool(
            String threadName, int workers, BlockingQueue<Runnable> queue, boolean virtualThreads, String waiting) {
        this.waiting = waiting;
        ThreadFactory threads = virtualThreads
                ? Thread.ofVirtual().name(threadName, 0).factory()
                : Thread.ofPlatform().name(threadName, 0).daemon(true).factory();
        this.executor = new ThreadPoolExecutor(
                workers, workers, 0, TimeUnit.MILLISECONDS, queue, threads, new ThreadPoolExecutor.AbortPolicy());
    }

    /** Queues a job whose response a worker sends to the session; 503 at once when the queue is full or stopping. */
    public void submit(HttpSession session, Supplier<Response> job) throws IOException {
        if (stopping) {
            session.sendResponse(Responses.text(Response.SERVICE_UNAVAILABLE, STOPPING));
            return;
        }
        try {
            executor.execute(new Job(session, job));
        } catch (RejectedExecutionException e) {
            session.sendResponse(Responses.text(
                    Response.SERVICE_UNAVAILABLE,
                    executor.isShutdown()
                            ? STOPPING
                            : "overloaded: " + executor.getQueue().size() + " " + waiting
                                    + " are already waiting for a worker; retry later"));
        }
    }

    /** Answers the queued jobs 503, lets the running ones finish (interrupting them after a grace period). */
    public void stop() {
        stopping = true;
        List<Runnable> queued = new ArrayList<>();
        executor.getQueue().drainTo(queued);
        for (Runnable r : queued) {
            ((Job) r).answer(Responses.text(Response.SERVICE_UNAVAILABLE, STOPPING));
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
    }

    private record Job(HttpSession session, Supplier<Response> work) implements Runnable {
        @Override
        public void run() {
            answer(work.get());
        }

        void answer(Response response) {
            CourseSession.sendOrClose(session, response);
        }
    }
}
