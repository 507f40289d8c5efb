package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Warmup;
import org.junit.jupiter.api.Test;

/** A warm-up's threads wait for their requests the way the run's will, though it sends at half the rate. */
class WarmupPacingTest {
    @Test
    void at10000PerSecondOnTwoThreadsTheRunWaitsInSelectAloneAndItsWarmUpAtHalfTheRateWouldNap() {
        // 64 connections, 32 a thread: 5,000 requests/s a thread, 0.2 ms apart; the warm-up's 2,500, 0.4 ms apart.
        assertFalse(LoadWorker.naps(32, 64, 10_000));
        assertTrue(LoadWorker.naps(32, 64, 5_000));
    }

    @Test
    void theWarmUpSendsAtHalfTheRateAndIsPacedAsTheRunItWarmsUpFor() throws Exception {
        LoadOptions run = LoadOptions.parse(CommandRun.words("--url http://127.0.0.1:1 -R 10000 -c 64 -t 2 -d 10s"));
        Warmup w = Warmups.plan(run, run.rate());
        LoadGenerator half = Warmups.half(run, w);
        assertEquals(5_000, half.rate());
        assertEquals(10_000, half.pacedAs(), "the warm-up before a 10k run waits as that run does");
    }
}
