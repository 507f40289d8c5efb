package grading;

import grading.runner.ReportLine;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A time budget per test class, so that a slow failure costs the tests it fails and not the ones it would keep from
 * running. The test JVM is stopped as soon as a class runs past its budget ({@link Limits#classBudget}); that class's
 * unfinished tests fail with {@link #STOPPED}, and a new test JVM runs the tests that had not run yet. The time of a
 * stopped class does not count against the whole run's limit, up to {@link Limits#wholeRunWithStoppedClasses}.
 */
final class ClassBudgets {
    /** How the message of every test a stopped class did not finish begins. */
    static final String STOPPED = "stopped: the class's time budget of ";

    /**
     * The runs' outcome (as one run), what the grade's notes say about the classes that were stopped, and those
     * classes.
     */
    record Run(TestJvm.Outcome outcome, List<String> notes, Set<String> stoppedClasses) {
        /**
         * The tests worth a second run: none of a class its budget stopped, which would only take that time again
         * (its finished tests that failed included: once, a stopped class's failed test ran again for 6 minutes).
         */
        List<String> rerunnable(List<String> candidates) {
            return candidates.stream()
                    .filter(id -> !stoppedClasses.contains(TestOutcome.className(id)))
                    .toList();
        }
    }

    private ClassBudgets() {}

    /**
     * Runs {@code given}'s selection (test packages) under a budget per class; see the class's comment. The budget is set by
     * {@code classes}, how many test classes the whole grade runs (in this run or beside it, {@link TestLanes}). When
     * the selection's classes are handed out from a queue, a stopped class's JVM is followed by one that takes the
     * queue's next classes.
     */
    static Run run(TestRunSetup given, int classes, PrintStream progress) throws IOException, InterruptedException {
        Limits limits = given.limits();
        TestJvm.Selection selection = given.selection();
        boolean handedOut = selection.handedOut() != null;
        Duration budget = limits.classBudget(classes);
        long start = System.nanoTime();
        double forgiven = 0;
        List<String> notes = new ArrayList<>();
        Set<String> stoppedClasses = new LinkedHashSet<>();
        TestRunSetup next = given;
        TestJvm.Outcome merged = null;
        while (true) {
            TestJvm.Outcome run = TestJvm.run(next, budget, progress);
            merged = merged == null ? run : combine(merged, run);
            TestJvm.Stopped stopped = run.stopped();
            if (stopped == null) {
                break;
            }
            forgiven += stopped.seconds();
            stoppedClasses.add(stopped.testClass());
            Map<String, ReportLine> results = new LinkedHashMap<>(merged.results());
            int unfinished = 0;
            for (Map.Entry<String, String> planned : merged.planned().entrySet()) {
                String id = planned.getKey();
                if (TestOutcome.className(id).equals(stopped.testClass()) && !results.containsKey(id)) {
                    results.put(
                            id, new ReportLine("RESULT", id, planned.getValue(), "failed", 0, stoppedMessage(stopped)));
                    unfinished++;
                }
            }
            // Handed out, the classes not begun wait in the queue (the planned tests without a result are also those
            // of the JVMs beside this one); dealt out, they are this run's planned tests without a result.
            List<String> rest = merged.planned().keySet().stream()
                    .filter(id -> !results.containsKey(id))
                    .toList();
            boolean more = handedOut ? !selection.handedOut().isEmpty() : !rest.isEmpty();
            notes.add("time budget: " + stopped.testClass() + " ran past its time budget of "
                    + budget.toSeconds() + " s (" + budgetRule(limits, classes) + ") and was stopped; "
                    + (unfinished == 0
                            ? "its tests had reported (a parameterized one counts as its worst run)"
                            : "its " + unfinished + " unfinished test(s) failed")
                    + " and none of its tests ran again"
                    + (!more
                            ? ""
                            : handedOut
                                    ? ", the classes not yet begun ran in a new test JVM"
                                    : ", the " + rest.size() + " test(s) after it ran in a test JVM of their own"));
            double elapsed = (System.nanoTime() - start) / 1e9;
            double left = Math.min(
                    limits.wholeRun().toMillis() / 1e3 - (elapsed - forgiven),
                    limits.wholeRunWithStoppedClasses().toMillis() / 1e3 - elapsed);
            boolean outOfTime = more && left < 1;
            merged = new TestJvm.Outcome(
                    merged.planned(),
                    results,
                    !more && merged.finished(),
                    outOfTime,
                    merged.exitCode(),
                    merged.stderrTail(),
                    merged.seconds(),
                    merged.leftRunning(),
                    merged.artifacts(),
                    null);
            if (!more || outOfTime) {
                break;
            }
            next = given.withLimits(limits.withWholeRun(Duration.ofMillis((long) (left * 1000))))
                    .withSelection(handedOut ? selection : selection.justTests(rest));
        }
        return new Run(merged, notes, stoppedClasses);
    }

    static String stoppedMessage(TestJvm.Stopped stopped) {
        return STOPPED + stopped.budget().toSeconds() + " s ran out (" + stopped.testClass()
                + " had run " + Math.round(stopped.seconds()) + " s, its clusters' starts included): the test did not "
                + "finish in time; the tests of other classes still ran. A request that waits for a timeout where an "
                + "answer is due at once (a 503 or 504 after a replica's or peer's timeout), or a node slow to start, "
                + "makes a class this slow";
    }

    /** How the budget was set, for the grade's notes. */
    private static String budgetRule(Limits limits, int classes) {
        return limits.perClass() != null
                ? "--class-time-limit"
                : "twice an even share of the run's " + limits.wholeRun().toSeconds() + " s among its " + classes
                        + " test classes, at least a test's " + limits.perTest().toSeconds() + " s";
    }

    /** Two runs as one: the first's plan, both runs' results and files, the second's ending. */
    private static TestJvm.Outcome combine(TestJvm.Outcome first, TestJvm.Outcome second) {
        Map<String, ReportLine> results = new LinkedHashMap<>(first.results());
        results.putAll(second.results());
        return first.joined(second, results, second, second.stopped());
    }
}
