package course.tests.stage2;

import course.harness.KvClient;
import course.harness.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Sends n requests at the same moment from n threads and records each reply with how long it took. */
final class Burst {
    /** A reply, how long it took, and when it came ({@link System#nanoTime}). */
    record Timed(int index, Reply reply, long millis, long answeredAtNanos) {}

    private Burst() {}

    /**
     * Opens n connections to node 0 with requests for an unknown path, which the server answers without a worker,
     * so that a burst afterwards measures the server and not the client's connection setup.
     */
    static void warmUp(KvClient client, int n) throws Exception {
        send(n, i -> client.send(0, "GET", "/warm-up", null));
    }

    static List<Timed> send(int n, IntFunction<Reply> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Timed>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    long start = System.nanoTime();
                    Reply reply = request.apply(index);
                    long answered = System.nanoTime();
                    return new Timed(index, reply, TimeUnit.NANOSECONDS.toMillis(answered - start), answered);
                }));
            }
            ready.await(10, TimeUnit.SECONDS);
            go.countDown();
            List<Timed> replies = new ArrayList<>();
            for (Future<Timed> f : futures) {
                replies.add(f.get(60, TimeUnit.SECONDS));
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }
}
