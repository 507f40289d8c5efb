package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A saturation step whose run was flagged for contention is run again rather than trusted. */
class ContendedStepRepeatTest {
    private static MeasuredRun run(boolean contended) {
        LoadRun run = new LoadRun();
        if (contended) {
            run.flag(LoadRun.Flag.CONTENTION, "CPU contention during the run: ...");
        }
        return new MeasuredRun(run, null, "");
    }

    /** A search's budget of {@code max} runs, of which the step's first run is already taken. */
    private static SaturationSearch.Runs firstRunTaken(int max) {
        SaturationSearch.Runs runs = new SaturationSearch.Runs(max);
        runs.take();
        return runs;
    }

    @Test
    void aContendedStepIsRunAgainAndTheCleanRunIsKept() throws Exception {
        List<Boolean> contended = List.of(true, false);
        int[] calls = {0};
        SaturationSearch.Runs runs = firstRunTaken(16);
        ContendedStepRepeat.Outcome o = ContendedStepRepeat.run(attempt -> run(contended.get(calls[0]++)), runs);
        assertEquals(2, calls[0]);
        assertEquals(1, o.repeats());
        assertFalse(o.stillContended());
        assertEquals(2, runs.made(), "the repeat is a run of the search's budget");
    }

    @Test
    void aCleanStepRunsOnceAndABusyMachineDoesNotLoopForever() throws Exception {
        int[] calls = {0};
        assertEquals(
                0,
                ContendedStepRepeat.run(
                                attempt -> {
                                    calls[0]++;
                                    return run(false);
                                },
                                firstRunTaken(16))
                        .repeats());
        assertEquals(1, calls[0]);
        ContendedStepRepeat.Outcome busy = ContendedStepRepeat.run(attempt -> run(true), firstRunTaken(16));
        assertEquals(ContendedStepRepeat.MAX_REPEATS, busy.repeats());
        assertTrue(busy.stillContended(), "the last run keeps its flag, so readers still see it");
        assertFalse(busy.outOfRuns());
    }

    @Test
    void aRepeatNeedsARunLeftOfMaxSteps() throws Exception {
        int[] calls = {0};
        SaturationSearch.Runs lastRun = firstRunTaken(1);
        ContendedStepRepeat.Outcome o = ContendedStepRepeat.run(
                attempt -> {
                    calls[0]++;
                    return run(true);
                },
                lastRun);
        assertEquals(1, calls[0], "no run was left for the repeat");
        assertEquals(0, o.repeats());
        assertTrue(o.outOfRuns() && o.stillContended(), "the step stays contended, and says why it was not repeated");
        assertEquals(1, lastRun.made());
    }
}
