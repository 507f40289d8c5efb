package solutions.stage4;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Timestamps for writes coordinated by this node: microseconds of wall-clock time, strictly increasing on one
 * node even when the clock stands still or steps back, so two writes through the same node never tie.
 */
public final class Timestamps {
    private final AtomicLong last = new AtomicLong();

    public long next() {
        Instant clock = Instant.now();
        long now = clock.getEpochSecond() * 1_000_000 + clock.getNano() / 1000;
        return last.updateAndGet(previous -> Math.max(previous + 1, now));
    }
}
