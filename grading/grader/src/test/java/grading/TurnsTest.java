package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two sides measured side by side take turns: a side runs only while the other waits or has ended, the two
 * alternate while both ask, and once one has ended the other goes on alone.
 */
class TurnsTest {
    private static long soon() {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
    }

    @Test
    void noSideRunsWhileTheOtherStartsOrRuns() throws Exception {
        Turns turns = new Turns();
        turns.ask(0);
        // side 1 is still starting its nodes (it has not asked): side 0 must not load the machine meanwhile
        assertEquals(-1, turns.next(soon()), "side 0 was let go while side 1 had neither asked nor ended");
        turns.ask(1);
        assertEquals(0, turns.next(soon()), "the submission's side goes first");
        // side 0 runs now: side 1 waits until side 0 asks again or ends
        assertEquals(-1, turns.next(soon()), "side 1 was let go while side 0 ran");
        turns.ask(0);
        assertEquals(1, turns.next(soon()));
        turns.ask(1);
        assertEquals(0, turns.next(soon()), "the two alternate while both ask");
    }

    @Test
    void aSideGoesOnAloneOnceTheOtherHasEnded() throws Exception {
        Turns turns = new Turns();
        turns.ask(0);
        turns.ask(1);
        assertEquals(0, turns.next(soon()));
        turns.done(0);
        assertEquals(1, turns.next(soon()));
        turns.ask(1);
        assertEquals(1, turns.next(soon()), "the other side has ended: no turn to wait for");
        turns.done(1);
        assertEquals(-1, turns.next(System.nanoTime() + TimeUnit.SECONDS.toNanos(10)), "both ended: at once, no wait");
    }

    @Test
    void anAskFromAnotherThreadWakesTheWait() throws Exception {
        Turns turns = new Turns();
        turns.ask(0);
        Thread later = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            turns.ask(1);
        });
        assertEquals(0, turns.next(System.nanoTime() + TimeUnit.SECONDS.toNanos(10)));
        later.join();
    }
}
