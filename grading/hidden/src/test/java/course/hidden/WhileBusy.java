package course.hidden;

import course.harness.Reply;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A request a test needs answered as its setup, sent again while the node says it is busy: 503 while others fill its
 * budget, 504 while its replicas or the key's owner answer later than it waits on a saturated machine. The tests
 * that use it are about what a node holds or survives, not about how soon a busy cluster takes a write.
 */
public final class WhileBusy {
    private WhileBusy() {}

    /** The answer to {@code request}, sent at most {@code attempts} times, {@code pause} apart, while it is in {@code busy}. */
    public static Reply send(Supplier<Reply> request, Set<Integer> busy, int attempts, Duration pause) {
        return send(request, busy, attempts, pause, pause);
    }

    /**
     * {@link #send}, the pause doubling after each busy answer up to {@code longestPause}, as a client that backs off.
     * Where several clients send large values at once, a fixed pause sends them again while the node is still busy
     * with their last tries: beside grading/busy's loops six 8 MiB PUTs sent again every 250 ms got 504 twenty times
     * in a row from a stage-6 reference, which stored them all when the test ran again.
     */
    public static Reply send(
            Supplier<Reply> request, Set<Integer> busy, int attempts, Duration pause, Duration longestPause) {
        Reply r = request.get();
        long pauseMillis = pause.toMillis();
        for (int attempt = 1; busy.contains(r.status()) && attempt < attempts; attempt++) {
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            pauseMillis = Math.min(2 * pauseMillis, longestPause.toMillis());
            r = request.get();
        }
        return r;
    }
}
