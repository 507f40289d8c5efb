package course.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Many clients of a node at once, as the concurrency tests run them: each on a thread of its own. */
public final class Clients {
    /** One client's work, given its number and a Random of its own; returns what the test checks afterwards. */
    @FunctionalInterface
    public interface Work<T> {
        T run(int client, Random random) throws Exception;
    }

    private Clients() {}

    /**
     * Runs {@code count} clients at once, client i with {@code new Random(seed + i)} so a seed replays every choice,
     * and returns their results in client order. A client that fails fails the call (its failure is the cause);
     * each client may take {@code secondsEach} at most.
     */
    public static <T> List<T> concurrently(int count, long seed, long secondsEach, Work<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<T>> running = new ArrayList<>();
            for (int client = 0; client < count; client++) {
                int id = client;
                Random random = new Random(seed + client);
                running.add(pool.submit(() -> work.run(id, random)));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> result : running) {
                results.add(result.get(secondsEach, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
