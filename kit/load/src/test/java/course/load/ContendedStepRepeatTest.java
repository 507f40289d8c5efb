package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A saturation step whose run was flagged for contention is run again rather than trusted. */
class ContendedStepRepeatTest {
    private static Measurement run(boolean contended) {
        LoadRun run = new LoadRun();
        if (contended) {
            run.flag(LoadRun.Flag.CONTENTION, "CPU contention during the run: ...");
        }
        return new Measurement(run, null, "");
    }

    @Test
    void aContendedStepIsRunAgainAndTheCleanRunIsKept() throws Exception {
        List<Boolean> contended = List.of(true, false);
        int[] calls = {0};
        ContendedStepRepeat.Outcome o = ContendedStepRepeat.run(attempt -> run(contended.get(calls[0]++)));
        assertEquals(2, calls[0]);
        assertEquals(1, o.repeats());
        assertFalse(o.stillContended());
    }

    @Test
    void aCleanStepRunsOnceAndABusyMachineDoesNotLoopForever() throws Exception {
        int[] calls = {0};
        assertEquals(0, ContendedStepRepeat.run(attempt -> {
            calls[0]++;
            return run(false);
        }).repeats());
        assertEquals(1, calls[0]);
        ContendedStepRepeat.Outcome busy = ContendedStepRepeat.run(attempt -> run(true));
        assertEquals(ContendedStepRepeat.MAX_REPEATS, busy.repeats());
        assertTrue(busy.stillContended(), "the last run keeps its flag, so readers still see it");
    }
}
