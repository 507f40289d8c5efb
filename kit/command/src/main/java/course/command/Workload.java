package course.command;

import java.time.Duration;

/**
 * One standard load run of a stage ({@code standard-workloads} in its {@code stage.yml}): what the grader's
 * performance step measures and what the comparison pages call the stage's standard runs.
 */
public record Workload(
        String name, int rate, int connections, int threads, Duration duration, long keys, int valueSize) {
    /** {@code get at 5000 requests/s for 30 s, 64 connections, 2 threads, 100000 keys of 100 B}. */
    public String describe() {
        return name + " at " + rate + " requests/s for " + duration.toSeconds() + " s, " + connections
                + " connections, " + threads + " threads, " + keys + " keys of " + valueSize + " B";
    }
}
