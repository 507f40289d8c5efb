package course.load;

import course.results.LoadRun;

/**
 * A saturation step is not trusted when its run was flagged "contention" (another process, steal or CPU pressure
 * past the thresholds): its pass or miss says more about the machine than the server. Such a step is run again, up
 * to {@link #MAX_REPEATS} times and only while the search has runs left (--max-steps counts every run, repeats
 * included); the last run is kept, with how many were thrown away. A step still contended at the end keeps its
 * flag, and so the search and the grader know not to trust what stands on it.
 */
final class ContendedStepRepeat {
    static final int MAX_REPEATS = 1;

    /** Runs the step once; {@code attempt} is 0 for the first run, 1.. for repeats. */
    interface Attempt {
        MeasuredRun run(int attempt) throws Exception;
    }

    /**
     * @param repeats    runs thrown away because their CPU was contended
     * @param outOfRuns  a repeat was due but the search had no run left for it
     */
    record Outcome(MeasuredRun measurement, int repeats, boolean outOfRuns) {
        boolean stillContended() {
            return measurement.run().flagged(LoadRun.Flag.CONTENTION);
        }
    }

    private ContendedStepRepeat() {}

    /** Runs the step, whose first run the search has already counted in {@code runs}; each repeat takes one more. */
    static Outcome run(Attempt attempt, SaturationSearch.Runs runs) throws Exception {
        MeasuredRun m = attempt.run(0);
        int repeats = 0;
        while (m.run().flagged(LoadRun.Flag.CONTENTION) && repeats < MAX_REPEATS) {
            if (!runs.left()) {
                return new Outcome(m, repeats, true);
            }
            runs.take();
            repeats++;
            m = attempt.run(repeats);
        }
        return new Outcome(m, repeats, false);
    }
}
