package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;

/** The answer writer's admission and the accounting of what slow clients hold, without a socket. */
class WholeAnswersTest {
    private static final int MIB = 1 << 20;

    @Test
    void smallAnswersAreAlwaysAdmittedEvenWhenTheBudgetIsSpent() {
        ByteBudget budget = new ByteBudget(MIB, "unsent answers", "test");
        budget.hold(2 * MIB);
        Response small = new Response(Response.OK, new byte[WholeAnswers.LARGE_BYTES - 1]);
        assertSame(small, new WholeAnswers(budget).admit(small), "errors and small values must always get out");
    }

    @Test
    void aLargeAnswerThatDoesNotFitIs503WithRetryAfterAndAReason() {
        ByteBudget budget = new ByteBudget(4 * MIB, "unsent answers", "test");
        budget.hold(3 * MIB);
        Response large = new Response(Response.OK, new byte[2 * MIB]);
        Response admitted = new WholeAnswers(budget).admit(large);
        assertEquals(Response.SERVICE_UNAVAILABLE, admitted.getHeaders()[0]);
        assertEquals("1", admitted.getHeader("Retry-After:"));
        String reason = new String(admitted.getBody(), StandardCharsets.UTF_8);
        assertTrue(reason.contains("unsent answers") && reason.contains("retry later"), reason);
        budget.release(3 * MIB);
        assertSame(large, new WholeAnswers(budget).admit(large), "once the slow clients left, it fits again");
    }

    @Test
    void bytesLeftInTheQueueAreHeldAtTheirHeapFootprintUntilReleasedOnce() {
        ByteBudget budget = new ByteBudget(64 * MIB, "unsent answers", "test");
        HeldBytes queued = new HeldBytes(new byte[2 * MIB], budget);
        queued.holdIfQueued();
        assertEquals(HeapFootprint.ofArray(2 * MIB), budget.reservedBytes(), "nothing was written yet: all held");
        queued.holdIfQueued();
        assertEquals(HeapFootprint.ofArray(2 * MIB), budget.reservedBytes(), "held once");
        queued.release();
        queued.release();
        assertEquals(0, budget.reservedBytes(), "given back once, when written or dropped");
    }

    @Test
    void bytesReleasedBeforeTheyWereHeldAreNeverHeld() {
        ByteBudget budget = new ByteBudget(64 * MIB, "unsent answers", "test");
        HeldBytes dropped = new HeldBytes(new byte[MIB], budget);
        dropped.release(); // the connection closed while the write was being queued
        dropped.holdIfQueued();
        assertEquals(0, budget.reservedBytes());
    }
}
