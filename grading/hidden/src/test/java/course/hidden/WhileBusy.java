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
        Reply r = request.get();
        for (int attempt = 1; busy.contains(r.status()) && attempt < attempts; attempt++) {
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            r = request.get();
        }
        return r;
    }
}
