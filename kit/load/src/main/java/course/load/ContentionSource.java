package course.load;

import course.results.LoadRun;
import java.util.List;

/**
 * Where a run's contention figures come from. Every command and {@link LoadApi} measure the machine
 * ({@link #MACHINE}: steal, CPU pressure and other processes' CPU over the run, by {@link ContentionProbe}). Tests
 * that need a run judged contended (or quiet) whatever else the test machine is doing give their own figures here;
 * everything after the reading (the rule, the flags, the search's repeats and its run budget) runs as it does for a
 * measured machine, against a real server.
 */
interface ContentionSource {
    /** The machine's own counters, read at the start and at the end of each run. */
    ContentionSource MACHINE = ContentionProbe::start;

    /** Starts watching one run whose targets are {@code targets}. */
    Reading start(List<Target> targets);

    /** One run's watch: {@link #finish} when the run ends. */
    interface Reading {
        LoadRun.Contention finish();
    }
}
