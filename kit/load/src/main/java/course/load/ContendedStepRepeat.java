package course.load;

import course.results.LoadRun;

/**
 * A saturation step is not trusted when its run was flagged "contention" (another process, steal or CPU pressure
 * past the thresholds): its pass or miss says more about the machine than the server. Such a step is run again, up
 * to {@link #MAX_REPEATS} times; the last run is kept, with how many were thrown away.
 */
final class ContendedStepRepeat {
    static final int MAX_REPEATS = 1;

    /** Runs the step once; {@code attempt} is 0 for the first run, 1.. for repeats. */
    interface Attempt {
        Measurement run(int attempt) throws Exception;
    }

    record Outcome(Measurement measurement, int repeats) {
        boolean stillContended() {
            return measurement.run().flagged(LoadRun.Flag.CONTENTION);
        }
    }

    private ContendedStepRepeat() {
    }

    static Outcome run(Attempt attempt) throws Exception {
        Measurement m = attempt.run(0);
        int repeats = 0;
        while (m.run().flagged(LoadRun.Flag.CONTENTION) && repeats < MAX_REPEATS) {
            repeats++;
            m = attempt.run(repeats);
        }
        return new Outcome(m, repeats);
    }
}
