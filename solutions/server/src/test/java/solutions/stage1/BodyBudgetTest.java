package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The reference's budget for request bodies on its own. At the node level it only shows under a burst that fills a
 * -Xmx128m heap (a hidden test in a node JVM of its own, which PIT cannot mutate), so its arithmetic is pinned here.
 */
class BodyBudgetTest {
    private static final long MIB = 1 << 20;

    @Test
    void reservesUpToTheCapacityExactlyAndNotOneByteMore() {
        BodyBudget budget = new BodyBudget(10 * MIB, "test");
        assertTrue(budget.tryReserve(4 * MIB));
        assertTrue(budget.tryReserve(6 * MIB), "4 + 6 MiB fill a 10 MiB budget exactly");
        assertEquals(10 * MIB, budget.reservedBytes());
        assertFalse(budget.tryReserve(1), "a full budget takes nothing more");
        assertEquals(10 * MIB, budget.reservedBytes(), "a refused reservation holds nothing");
    }

    @Test
    void releasedBytesCanBeReservedAgain() {
        BodyBudget budget = new BodyBudget(10 * MIB, "test");
        assertTrue(budget.tryReserve(8 * MIB));
        assertFalse(budget.tryReserve(3 * MIB));
        budget.release(8 * MIB);
        assertEquals(0, budget.reservedBytes());
        assertTrue(budget.tryReserve(3 * MIB));
        assertEquals(3 * MIB, budget.reservedBytes());
    }

    @Test
    void aBodyCouldEverFitUpToTheWholeCapacity() {
        BodyBudget budget = new BodyBudget(10 * MIB, "test");
        assertEquals(10 * MIB, budget.capacityBytes());
        assertTrue(budget.couldEverFit(10 * MIB));
        assertFalse(budget.couldEverFit(10 * MIB + 1));
        assertTrue(budget.tryReserve(10 * MIB));
        assertTrue(budget.couldEverFit(1), "whether it could ever fit does not depend on what is held now");
    }

    @Test
    void theReasonsSayWhatIsHeldTheBudgetWhereItComesFromAndWhatToDo() {
        BodyBudget budget = new BodyBudget(10 * MIB, "set by a test");
        budget.tryReserve(5 * MIB);
        String busy = budget.busyReason(6 * MIB);
        assertTrue(busy.contains("5.0 MiB") && busy.contains("10.0 MiB") && busy.contains("set by a test")
                && busy.contains(String.valueOf(6 * MIB)) && busy.contains("retry later"), busy);
        String tooLarge = budget.tooLargeReason(11 * MIB);
        assertTrue(tooLarge.contains(String.valueOf(11 * MIB)) && tooLarge.contains("10.0 MiB")
                && tooLarge.contains("set by a test") && tooLarge.contains("smaller values"), tooLarge);
    }

    @Test
    void theProcessBudgetIsAQuarterOfTheHeapUnlessSet() {
        BodyBudget process = BodyBudget.ofProcess();
        Long set = Long.getLong(BodyBudget.PROPERTY);
        assertEquals(set != null ? set : Runtime.getRuntime().maxMemory() / 4, process.capacityBytes());
    }
}
