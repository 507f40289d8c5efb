package grading.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import org.junit.jupiter.api.Test;

/**
 * The performance part's fill must have written every key before GETs are searched: a fill that fell behind its rate
 * left 50-90% of the keys unwritten in the grades of stages 3-6, and the GET search measured 404s.
 */
class PerfFillTest {
    private static final long KEYS = 20_000;
    private static final int CONNECTIONS = 64;

    private static LoadRun fill(long answered, long non2xx, long timeouts) {
        LoadRun run = new LoadRun();
        run.requests = answered;
        run.errors.non2xx = non2xx;
        run.errors.timeout = timeouts;
        return run;
    }

    @Test
    void aFillThatAnsweredARoundAndARequestPerConnectionWithoutErrorWroteEveryKey() {
        assertTrue(PerfRunner.wroteEveryKey(fill(KEYS + CONNECTIONS, 0, 0), KEYS, CONNECTIONS));
        assertTrue(PerfRunner.wroteEveryKey(fill(23_950, 0, 0), KEYS, CONNECTIONS));
    }

    @Test
    void aFillThatFellBehindOrWasRefusedOrTimedOutDidNot() {
        assertFalse(
                PerfRunner.wroteEveryKey(fill(7_500, 0, 0), KEYS, CONNECTIONS),
                "a fill at 4000/s that a cluster answered at 1500/s");
        assertFalse(
                PerfRunner.wroteEveryKey(fill(KEYS, 0, 0), KEYS, CONNECTIONS),
                "the requests still in flight at the end may be of the first round");
        assertFalse(PerfRunner.wroteEveryKey(fill(24_000, 1, 0), KEYS, CONNECTIONS), "one PUT answered 503");
        assertFalse(PerfRunner.wroteEveryKey(fill(24_000, 0, 1), KEYS, CONNECTIONS), "one PUT timed out");
    }
}
