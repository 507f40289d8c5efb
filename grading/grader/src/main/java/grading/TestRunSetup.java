package grading;

/**
 * What a run of the grade's tests in the sandbox is given: the workspace (the submission's classes, the test jars),
 * the sandbox, the limits, the submission's factory, the stage, and which tests ({@link TestJvm.Selection}). The same
 * for one test JVM ({@link TestJvm}), a run under class budgets ({@link ClassBudgets}) and test JVMs side by side
 * ({@link TestLanes}); each step changes only the limits or the selection.
 */
record TestRunSetup(
        Workspace ws, Sandbox sandbox, Limits limits, String factory, int stage, TestJvm.Selection selection) {
    /** This run with other limits (the time left, a second run's). */
    TestRunSetup withLimits(Limits other) {
        return new TestRunSetup(ws, sandbox, other, factory, stage, selection);
    }

    /** This run of other tests. */
    TestRunSetup withSelection(TestJvm.Selection other) {
        return new TestRunSetup(ws, sandbox, limits, factory, stage, other);
    }
}
