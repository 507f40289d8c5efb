package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

/**
 * Waits for a {@link ByteBudget} to reach a value: sessions reserve and give back bytes on their selector thread, a
 * moment after the socket event a test caused, so a test polls (up to 5 s) instead of reading the budget once.
 */
final class BudgetWait {
    private BudgetWait() {}

    /** The budget's reserved bytes once {@code reached} holds for them, or after 5 s, whatever they are then. */
    static long until(ByteBudget budget, LongPredicate reached) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!reached.test(budget.reservedBytes()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return budget.reservedBytes();
    }

    static void awaitReserved(ByteBudget budget, long expected, String why) throws InterruptedException {
        assertEquals(expected, until(budget, reserved -> reserved == expected), why);
    }
}
