package grading;

import course.results.TestResult;
import grading.runner.ReportLine;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The grade's answer to a machine that was busy: a test that did not pass runs once more with the same seed, and the
 * grade keeps both outcomes. A test that passes the second time counts as passed and is named as flaky in the grade,
 * so a student never loses points to a slow machine and an instructor still sees a test (or a submission) that does
 * not always pass. A test that fails twice counts as failed.
 *
 * @param again the tests of the first run worth running again ({@link #candidates})
 * @param second the run of {@code again}; null when none ran (nothing to run again, or too many)
 */
record Rerun(TestJvm.Outcome first, List<String> again, TestJvm.Outcome second) {
    /**
     * Past this many, failures are the submission's, not the machine's: a busy machine was seen to fail two tests
     * of a grade, never dozens; re-running dozens would double the grade's time for nothing.
     */
    static final int MAX_TESTS = 10;

    /** Runs the given test ids once more, with the first run's seed. */
    interface SecondRun {
        TestJvm.Outcome run(List<String> ids) throws IOException, InterruptedException;
    }

    /**
     * After the first run: the tests that did not pass, and that {@code eligible} keeps (not those of a class its time
     * budget stopped), run once more, unless there are none or too many.
     */
    static Rerun after(
            TestJvm.Outcome first, UnaryOperator<List<String>> eligible, SecondRun secondRun, PrintStream progress)
            throws IOException, InterruptedException {
        List<String> again = eligible.apply(candidates(first));
        if (again.isEmpty() || again.size() > MAX_TESTS) {
            return new Rerun(first, again, null);
        }
        progress.println(
                "grade: running the " + again.size() + " test(s) that did not pass once more, with the same" + " seed");
        return new Rerun(first, again, secondRun.run(again));
    }

    /**
     * The tests of a run worth running again: those that finished without passing (not those a class's time budget
     * stopped), unless the run was cut short.
     */
    static List<String> candidates(TestJvm.Outcome run) {
        if (run.timedOut()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        run.results().forEach((id, r) -> {
            // a test its class's time budget stopped did not finish: it would only take that time again
            if (("failed".equals(r.outcome()) || "error".equals(r.outcome()))
                    && !r.message().startsWith(ClassBudgets.STOPPED)) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** The run the grade counts: the first, with the second run's reports in place for the tests it reported. */
    TestJvm.Outcome merged() {
        return second == null ? first : merge(first, second);
    }

    /** The first run with the second run's reports in place of the first's, for the tests the second run reported. */
    static TestJvm.Outcome merge(TestJvm.Outcome first, TestJvm.Outcome second) {
        Map<String, ReportLine> results = new LinkedHashMap<>(first.results());
        second.results().forEach((id, r) -> results.computeIfPresent(id, (k, old) -> r));
        return first.joined(second, results, first, null);
    }

    /** Why nothing ran again although tests did not pass: too many of them. */
    Optional<String> skipped() {
        if (again.size() <= MAX_TESTS) {
            return Optional.empty();
        }
        return Optional.of(again.size() + " tests did not pass; none was run again (a second run is for a busy"
                + " machine, which fails a test or two, not more than " + MAX_TESTS + ")");
    }

    /** How each test that ran twice went the first time, by test id. */
    Map<String, TestResult.Attempt> firstRuns() {
        Map<String, TestResult.Attempt> runs = new LinkedHashMap<>();
        for (String id : ranTwice()) {
            ReportLine before = first.results().get(id);
            runs.put(id, new TestResult.Attempt(before.outcome(), Messages.cut(before.message()), before.millis()));
        }
        return runs;
    }

    /** Which tests were flaky and which failed twice; or that the second run reported nothing. */
    List<String> notes() {
        if (second == null) {
            return List.of();
        }
        List<String> flaky = new ArrayList<>();
        List<String> twice = new ArrayList<>();
        for (String id : ranTwice()) {
            String name = TestOutcome.testName(id);
            ("passed".equals(second.results().get(id).outcome()) ? flaky : twice).add(name);
        }
        List<String> notes = new ArrayList<>();
        if (flaky.isEmpty() && twice.isEmpty()) {
            notes.add("the tests that did not pass were to run again with the same seed, but that run reported "
                    + "nothing (exit code " + second.exitCode() + "); its last output:\n"
                    + Messages.cut(second.stderrTail()));
        }
        if (!flaky.isEmpty()) {
            notes.add("flaky: " + String.join(", ", flaky) + " failed, then passed when run again with the same seed;"
                    + " counted as passed (each test's firstRun holds the failure)");
        }
        if (!twice.isEmpty()) {
            notes.add("failed twice with the same seed: " + String.join(", ", twice));
        }
        return notes;
    }

    /** The tests of the grade that both runs reported, in the order they were run again. */
    private List<String> ranTwice() {
        if (second == null) {
            return List.of();
        }
        return again.stream()
                .filter(id -> first.planned().containsKey(id)
                        && first.results().containsKey(id)
                        && second.results().containsKey(id))
                .toList();
    }
}
