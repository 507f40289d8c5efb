package course.harness;

import java.time.Duration;
import java.util.Arrays;

/**
 * A test's sense of how fast the machine is right now. A deadline that is a constant fails a correct node on a busy
 * machine (a grade lost points when replica answers that take 20 ms took over a second); a deadline measured against
 * a baseline request of the same run moves with the machine and still tells a node that waits for a slow replica
 * from one that does not.
 */
public final class Baseline {
    private Baseline() {}

    /** The median time of {@code tries} runs of {@code request}, on a cluster without faults. */
    public static Duration median(int tries, Runnable request) {
        long[] nanos = new long[tries];
        for (int i = 0; i < tries; i++) {
            long start = System.nanoTime();
            request.run();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        return Duration.ofNanos(nanos[tries / 2]);
    }

    /**
     * {@code times} the baseline, but no less than {@code floor} (the value the test was written with, for an idle
     * machine) and no more than {@code ceiling} (past which the test would take too long or stop telling bugs apart).
     */
    public static Duration scaled(Duration baseline, int times, Duration floor, Duration ceiling) {
        Duration d = baseline.multipliedBy(times);
        return d.compareTo(floor) < 0 ? floor : d.compareTo(ceiling) > 0 ? ceiling : d;
    }
}
