package grading;

/**
 * What a run of the grade's tests in the sandbox is given: the workspace (the submission's classes, the test jars),
 * the sandbox, the limits, the submission's factory, the stage, and which tests ({@link TestJvm.Selection}). The same
 * for one test JVM ({@link TestJvm}), a run under class budgets ({@link ClassBudgets}) and test JVMs side by side
 * ({@link TestLanes}); each step changes only the limits or the selection.
 */
record TestRun(Workspace ws, Sandbox sandbox, Limits limits, String factory, int stage, TestJvm.Selection selection) {
    /** This run with other limits (the time left, a second run's). */
    TestRun withLimits(Limits other) {
        return new TestRun(ws, sandbox, other, factory, stage, selection);
    }

    /** This run of other tests. */
    TestRun withSelection(TestJvm.Selection other) {
        return new TestRun(ws, sandbox, limits, factory, stage, other);
    }
}
