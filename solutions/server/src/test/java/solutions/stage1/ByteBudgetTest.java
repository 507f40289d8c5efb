package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The reference's budget for request bodies on its own. At the node level it only shows under a burst that fills a
 * -Xmx128m heap (a hidden test in a node JVM of its own, which PIT cannot mutate), so its arithmetic is pinned here.
 */
class ByteBudgetTest {
    private static final long MIB = 1 << 20;

    @Test
    void reservesUpToTheCapacityExactlyAndNotOneByteMore() {
        ByteBudget budget = new ByteBudget(10 * MIB, "request bodies", "test");
        assertTrue(budget.tryReserve(4 * MIB));
        assertTrue(budget.tryReserve(6 * MIB), "4 + 6 MiB fill a 10 MiB budget exactly");
        assertEquals(10 * MIB, budget.reservedBytes());
        assertFalse(budget.tryReserve(1), "a full budget takes nothing more");
        assertEquals(10 * MIB, budget.reservedBytes(), "a refused reservation holds nothing");
    }

    @Test
    void releasedBytesCanBeReservedAgain() {
        ByteBudget budget = new ByteBudget(10 * MIB, "request bodies", "test");
        assertTrue(budget.tryReserve(8 * MIB));
        assertFalse(budget.tryReserve(3 * MIB));
        budget.release(8 * MIB);
        assertEquals(0, budget.reservedBytes());
        assertTrue(budget.tryReserve(3 * MIB));
        assertEquals(3 * MIB, budget.reservedBytes());
    }

    @Test
    void aBodyCouldEverFitUpToTheWholeCapacity() {
        ByteBudget budget = new ByteBudget(10 * MIB, "request bodies", "test");
        assertEquals(10 * MIB, budget.capacityBytes());
        assertTrue(budget.couldEverFit(10 * MIB));
        assertFalse(budget.couldEverFit(10 * MIB + 1));
        assertTrue(budget.tryReserve(10 * MIB));
        assertTrue(budget.couldEverFit(1), "whether it could ever fit does not depend on what is held now");
    }

    @Test
    void theReasonsSayWhatIsHeldTheBudgetWhereItComesFromAndWhatToDo() {
        ByteBudget budget = new ByteBudget(10 * MIB, "request bodies", "set by a test");
        budget.tryReserve(5 * MIB);
        String busy = budget.busyReason(6 * MIB);
        assertTrue(
                busy.contains("5.0 MiB")
                        && busy.contains("10.0 MiB")
                        && busy.contains("set by a test")
                        && busy.contains(String.valueOf(6 * MIB))
                        && busy.contains("retry later"),
                busy);
        String tooLarge = budget.tooLargeReason(11 * MIB);
        assertTrue(
                tooLarge.contains(String.valueOf(11 * MIB))
                        && tooLarge.contains("10.0 MiB")
                        && tooLarge.contains("set by a test")
                        && tooLarge.contains("smaller values"),
                tooLarge);
    }

    @Test
    void theProcessBudgetsAreAQuarterOfTheHeapEachUnlessSet() {
        Long bodies = Long.getLong(ByteBudget.BODIES_PROPERTY);
        assertEquals(
                bodies != null ? bodies : Runtime.getRuntime().maxMemory() / 4,
                ByteBudget.requestBodies().capacityBytes());
        Long answers = Long.getLong(ByteBudget.ANSWERS_PROPERTY);
        assertEquals(
                answers != null ? answers : Runtime.getRuntime().maxMemory() / 4,
                ByteBudget.unsentAnswers().capacityBytes());
    }

    @Test
    void heldBytesMayGoBeyondTheCapacityAndThenNothingFitsUntilReleased() {
        ByteBudget budget = new ByteBudget(10 * MIB, "unsent answers", "test");
        budget.hold(12 * MIB);
        assertEquals(12 * MIB, budget.reservedBytes(), "memory already taken is counted whole");
        assertFalse(budget.tryReserve(1));
        budget.release(12 * MIB);
        assertTrue(budget.tryReserve(10 * MIB), "once released, the whole capacity fits again");
    }

    @Test
    void theBusyReasonNamesWhatTheBudgetHolds() {
        String busy = new ByteBudget(MIB, "unsent answers", "test").busyReason(2 * MIB);
        assertTrue(busy.contains("of unsent answers"), busy);
    }
}
