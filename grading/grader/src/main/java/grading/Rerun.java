package grading;

import course.results.Grade;
import course.results.TestResult;
import grading.runner.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grade's answer to a machine that was busy: a test that did not pass runs once more with the same seed, and the
 * grade keeps both outcomes. A test that passes the second time counts as passed and is named as flaky in the grade,
 * so a student never loses points to a slow machine and an instructor still sees a test (or a submission) that does
 * not always pass. A test that fails twice counts as failed.
 */
final class Rerun {
    /**
     * Past this many, failures are the submission's, not the machine's: a busy machine was seen to fail two tests
     * of a grade, never dozens; re-running dozens would double the grade's time for nothing.
     */
    static final int MAX_TESTS = 10;

    private Rerun() {
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

    /** The first run with the second run's reports in place of the first's, for the tests the second run reported. */
    static TestJvm.Outcome merge(TestJvm.Outcome first, TestJvm.Outcome second) {
        Map<String, Report> results = new LinkedHashMap<>(first.results());
        second.results().forEach((id, r) -> results.computeIfPresent(id, (k, old) -> r));
        Map<String, byte[]> artifacts = new LinkedHashMap<>(first.artifacts());
        artifacts.putAll(second.artifacts());
        return new TestJvm.Outcome(first.planned(), results, first.finished(), first.timedOut(), first.exitCode(),
                first.stderrTail(), first.seconds() + second.seconds(), first.leftRunning() + second.leftRunning(),
                artifacts);
    }

    /** Records each re-run test's first run and says in the notes which tests were flaky and which failed twice. */
    static void record(Grade g, TestJvm.Outcome first, List<String> rerun, TestJvm.Outcome second) {
        List<String> flaky = new ArrayList<>();
        List<String> twice = new ArrayList<>();
        for (String id : rerun) {
            Report before = first.results().get(id);
            String name = GradeBuilder.testName(id);
            TestResult t = g.tests.stream().filter(x -> x.name.equals(name)).findFirst().orElse(null);
            if (t == null || before == null || !second.results().containsKey(id)) {
                continue;
            }
            t.firstRun = new TestResult.Attempt();
            t.firstRun.outcome = before.outcome();
            t.firstRun.message = GradeBuilder.cut(before.message());
            t.firstRun.durationMs = before.millis();
            ("passed".equals(t.outcome) ? flaky : twice).add(t.name);
        }
        if (flaky.isEmpty() && twice.isEmpty()) {
            g.notes.add("the tests that did not pass were to run again with the same seed, but that run reported "
                    + "nothing (exit code " + second.exitCode() + "); its last output:\n" + GradeBuilder.cut(second.stderrTail()));
        }
        if (!flaky.isEmpty()) {
            g.notes.add("flaky: " + String.join(", ", flaky) + " failed, then passed when run again with the same seed;"
                    + " counted as passed (each test's firstRun holds the failure)");
        }
        if (!twice.isEmpty()) {
            g.notes.add("failed twice with the same seed: " + String.join(", ", twice));
        }
    }
}
