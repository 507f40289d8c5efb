package solutions.stage1;

/** Budgets of a chosen size for the references' own tests in other packages (the constructor is the package's). */
public final class TestBudgets {
    private TestBudgets() {}

    public static ByteBudget of(long capacityBytes, String holds) {
        return new ByteBudget(capacityBytes, holds, "set by a test");
    }
}
