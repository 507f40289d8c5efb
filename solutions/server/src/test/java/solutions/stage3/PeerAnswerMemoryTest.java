package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import solutions.stage1.ByteBudget;
import solutions.stage1.HeapFootprint;
import solutions.stage1.TestBudgets;

/**
 * The accounting of peers' answers against a real budget: what is held, what is given back, and the one answer beyond
 * the budget that one request of the process at a time may hold. Only stage 4's coordinator reaches it at the node
 * level, and there only under memory pressure, so it is pinned here. Every test gives back all it held: the overdraft
 * is the process's, and a test that kept it would refuse the next test's.
 */
// letGo's compare-and-set loop, turned around, spins for ever and never sees an interrupt: a thread of its own
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PeerAnswerMemoryTest {
    private static final long MIB = 1 << 20;
    private static final long LARGE = MIB;
    private static final long LARGE_COST = HeapFootprint.ofArray(LARGE);

    @Test
    void aSmallAnswerIsAlwaysHeldAndCountedEvenInAFullBudget() {
        ByteBudget budget = TestBudgets.of(1000, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        long small = PeerAnswerMemory.SMALL_BYTES - 1;
        assertTrue(memory.tryHold(small), "an answer under 64 KiB is always read");
        assertEquals(HeapFootprint.ofArray(small), budget.reservedBytes(), "the small answer is counted");
        memory.release();
        assertEquals(0, budget.reservedBytes(), "release gives back what the answers held");
    }

    @Test
    void anAnswerOfExactlyTheSmallLimitMustFitTheBudget() {
        ByteBudget budget = TestBudgets.of(1000, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        assertFalse(memory.tryHold(PeerAnswerMemory.SMALL_BYTES), "64 KiB is not small: it must fit in the budget");
        assertEquals(0, budget.reservedBytes(), "a refused answer holds nothing");
        memory.release();
    }

    @Test
    void aLargeAnswerThatFitsIsHeldUntilTheRequestIsDecided() {
        ByteBudget budget = TestBudgets.of(4 * LARGE_COST, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        assertTrue(memory.tryHold(LARGE));
        assertEquals(LARGE_COST, budget.reservedBytes());
        memory.release();
        assertEquals(0, budget.reservedBytes());
        assertFalse(memory.tryHold(10), "an answer after the request was decided is dropped unread");
        assertEquals(0, budget.reservedBytes(), "and holds nothing");
        assertEquals("its answer came after the request was decided", memory.refusal(10));
    }

    @Test
    void aFirstLargeAnswerBeyondTheBudgetIsRefusedWithTheReason() {
        ByteBudget budget = TestBudgets.of(LARGE_COST - 1, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        try {
            assertFalse(memory.tryHold(LARGE), "a request that holds nothing yet gets no overdraft");
            assertEquals(0, budget.reservedBytes());
            assertEquals(
                    "no room for its " + LARGE + "-byte answer in the node's budget for answers (0 of "
                            + (LARGE_COST - 1) + " bytes held): retry later",
                    memory.refusal(LARGE));
        } finally {
            memory.release();
        }
    }

    @Test
    void oneRequestAtATimeMayHoldOneAnswerBeyondTheBudget() {
        ByteBudget budget = TestBudgets.of(LARGE_COST, "unsent answers");
        PeerAnswerMemory first = new PeerAnswerMemory(budget);
        PeerAnswerMemory second = new PeerAnswerMemory(budget);
        PeerAnswerMemory third = new PeerAnswerMemory(TestBudgets.of(LARGE_COST, "unsent answers"));
        try {
            assertTrue(first.tryHold(LARGE), "fits exactly");
            assertTrue(first.tryHold(LARGE), "a second answer of a request that holds one may go beyond the budget");
            assertEquals(2 * LARGE_COST, budget.reservedBytes(), "the overdraft is counted too");
            assertFalse(first.tryHold(LARGE), "one answer beyond the budget, not two");
            assertTrue(third.tryHold(LARGE));
            assertFalse(third.tryHold(LARGE), "the overdraft is the process's: another request waits for it");
            first.release();
            assertEquals(0, budget.reservedBytes());
            assertTrue(third.tryHold(LARGE), "the overdraft came back with the request that held it");
            assertTrue(second.tryHold(LARGE));
            assertFalse(second.tryHold(LARGE), "the overdraft is the third request's now");
        } finally {
            first.release();
            second.release();
            third.release();
        }
    }

    @Test
    void lettingGoOfAnAnswerGivesBackItsBytesAndTheOverdraft() {
        ByteBudget budget = TestBudgets.of(LARGE_COST, "unsent answers");
        PeerAnswerMemory first = new PeerAnswerMemory(budget);
        PeerAnswerMemory other = new PeerAnswerMemory(TestBudgets.of(LARGE_COST, "unsent answers"));
        try {
            assertTrue(first.tryHold(LARGE));
            assertTrue(first.tryHold(LARGE));
            first.letGo(LARGE);
            assertEquals(LARGE_COST, budget.reservedBytes(), "the answer let go of is given back, the other held");
            assertTrue(other.tryHold(LARGE));
            assertTrue(other.tryHold(LARGE), "holding one answer again, the request returned the overdraft");
            first.release();
            assertEquals(0, budget.reservedBytes(), "release gives back exactly what was still held");
        } finally {
            first.release();
            other.release();
        }
    }
}
