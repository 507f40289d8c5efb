package solutions.stage5;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** Write timestamps in microseconds, strictly increasing on this node (as stage 4's, which is package-private). */
final class WriteClock {
    private final AtomicLong last = new AtomicLong();

    long next() {
        Instant clock = Instant.now();
        long now = clock.getEpochSecond() * 1_000_000 + clock.getNano() / 1000;
        return last.updateAndGet(previous -> Math.max(previous + 1, now));
    }
}
