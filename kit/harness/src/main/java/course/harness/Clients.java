package course.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
     * and returns their results in client order. A client that fails fails the call (an assertion as itself, anything
     * else as the cause); each client may take {@code secondsEach} at most, after which the call fails with an
     * {@link AssertionError} that says how many clients had not finished, so that the test's message gets its seed
     * and replay line (a bare TimeoutException had neither).
     */
    public static <T> List<T> concurrently(int count, long seed, long secondsEach, Work<T> work) throws Exception {
        return concurrently(count, seed, secondsEach, "", work);
    }

    /**
     * As {@link #concurrently(int, long, long, Work)}, with {@code hint} (what a node that is this slow likely does)
     * after the message of a timeout.
     */
    public static <T> List<T> concurrently(int count, long seed, long secondsEach, String hint, Work<T> work)
            throws Exception {
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
                try {
                    results.add(result.get(secondsEach, TimeUnit.SECONDS));
                } catch (TimeoutException e) {
                    long done = running.stream().filter(Future::isDone).count();
                    throw new AssertionError(
                            count - done + " of " + count + " clients had not finished after " + secondsEach + " s"
                                    + (hint.isBlank() ? "" : ": " + hint),
                            e);
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof AssertionError failed) {
                        throw failed;
                    }
                    throw e;
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
