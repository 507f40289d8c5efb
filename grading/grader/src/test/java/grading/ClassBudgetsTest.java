package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Grade;
import course.results.TestResult;
import grading.runner.ReportLine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slow failure costs the tests it fails, not the ones it would keep from running: a test class that runs past its
 * time budget is stopped, its unfinished tests fail with the reason, and the classes after it still run and earn
 * their points. Once a mutant whose every request to an unreachable quorum waited 3 s lost 337.5 of 460 points: two
 * tests hit their timeouts, the run hit its 15-minute limit, and 55 tests that never ran counted as errors.
 */
class ClassBudgetsTest {
    private static final String STOPPED = "course.tests.stage1.ConnectionTimeoutsTest";

    @Test
    void aClassPastItsBudgetLosesOnlyItsOwnTestsAndTheClassesAfterItRun(@TempDir Path dir) throws Exception {
        // The stage-1 reference with a budget of 10 s: ConnectionTimeoutsTest (public: public packages run first) waits
        // out the node's timeouts, 13 s or more, and is stopped; HalfClosedConnectionTest (hidden, one test of about
        // half a second) runs after it. (That mutant's EvenSpreadTest, 3 s a key, once failed its first key at the
        // test's 5 s timeout on a busy machine, and ended before its budget; ProtocolEdgeCasesTest after a budget of
        // 8 s once ran past it too, beside the rest of ./course test.)
        long start = System.nanoTime();
        // one test JVM, so that the class after the stopped one has to run in a new one
        Grade g = gradeWithBudget(
                dir, 1, "solutions.stage1.Stage1Factory", "ConnectionTimeoutsTest,HalfClosedConnectionTest", 10, 1);
        double seconds = (System.nanoTime() - start) / 1e9;
        String all = said(g);
        String simpleName = STOPPED.substring(STOPPED.lastIndexOf('.') + 1);
        List<TestResult> timeouts = g.tests().stream()
                .filter(t -> t.name().startsWith(simpleName + "."))
                .toList();
        List<TestResult> stopped = timeouts.stream()
                .filter(t -> t.message().startsWith("stopped: the class's time budget of 10 s ran out"))
                .toList();
        assertTrue(!stopped.isEmpty(), all);
        assertTrue(stopped.stream().allMatch(t -> "failed".equals(t.outcome())), all);
        List<TestResult> after = g.tests().stream()
                .filter(t -> t.name().startsWith("HalfClosedConnectionTest."))
                .toList();
        assertTrue(!after.isEmpty(), all);
        assertEquals(
                List.of(),
                after.stream()
                        .filter(t -> !"passed".equals(t.outcome()))
                        .map(t -> t.name())
                        .toList(),
                all);
        // each test's points as the grade weighs them: the weights file's id is CLASS#method
        Map<TestResult, String> ids = timeouts.stream()
                .collect(Collectors.toMap(t -> t, t -> STOPPED + "#" + t.name().substring(simpleName.length() + 1)));
        Map<String, Weights.Weight> worth = Weights.load().forTests(ids.values());
        double lost = timeouts.stream()
                .filter(t -> !"passed".equals(t.outcome()))
                .mapToDouble(t -> worth.get(ids.get(t)).points())
                .sum();
        assertEquals(
                g.score().max() - lost,
                g.score().earned(),
                0.01,
                "only the stopped class's unfinished tests lose points, the classes after it earn theirs: " + all);
        assertTrue(
                all.contains("time budget: " + STOPPED
                        + " ran past its time budget of 10 s (--class-time-limit) and was"
                        + " stopped; its " + stopped.size() + " unfinished test(s) failed and none of its tests ran"
                        + " again, the "),
                all);
        assertTrue(all.contains(" test(s) after it ran in a test JVM of their own"), all);
        assertTrue(g.notes().stream().noneMatch(n -> n.contains("hit its time limit")), all);
        assertTrue(stopped.stream().allMatch(t -> t.firstRun() == null), "a stopped test is not run again: " + all);
        assertTrue(seconds < 10 + 150, "took " + seconds + " s: " + all);
    }

    @Test
    void testJvmsSideBySideThatAreBothStoppedGoOnWithTheClassesNotYetBegun(@TempDir Path dir) throws Exception {
        // The stage-1 reference with a budget of 8 s: CrashRecoveryTest (kill -9 and restarts, 13 s or more) and
        // ConnectionTimeoutsTest (it waits out the node's timeouts, 13 s or more) are taken first, one by each test
        // JVM, and both are stopped; the class left in the queue (OnePortOneNodeTest, about 2 s) runs in a new JVM.
        // (The slow mutant's classes did not do here: on a busy machine one of them failed fast instead.)
        Grade g = gradeWithBudget(
                dir,
                1,
                "solutions.stage1.Stage1Factory",
                "CrashRecoveryTest,ConnectionTimeoutsTest,OnePortOneNodeTest",
                8,
                2);
        String all = said(g);
        for (String stopped :
                List.of("course.hidden.stage1.CrashRecoveryTest", "course.tests.stage1.ConnectionTimeoutsTest")) {
            assertTrue(all.contains("time budget: " + stopped + " ran past its time budget of 8 s"), all);
        }
        assertTrue(all.contains("the classes not yet begun ran in a new test JVM"), all);
        List<TestResult> last = g.tests().stream()
                .filter(t -> t.name().startsWith("OnePortOneNodeTest."))
                .toList();
        assertTrue(!last.isEmpty(), all);
        assertEquals(
                List.of(),
                last.stream()
                        .filter(t -> !"passed".equals(t.outcome()))
                        .map(TestResult::name)
                        .toList(),
                all);
    }

    /**
     * A grade of {@code factory} at {@code stage}, of the classes ending in {@code only}, with a class budget of
     * {@code classSeconds} and {@code testJvms} test JVMs.
     */
    private static Grade gradeWithBudget(
            Path dir, int stage, String factory, String only, int classSeconds, int testJvms) throws Exception {
        return GradeCommandTest.grade(
                "--stage",
                String.valueOf(stage),
                "--factory",
                factory,
                "--only",
                only,
                "--class-time-limit",
                String.valueOf(classSeconds),
                "--test-jvms",
                String.valueOf(testJvms),
                "--no-perf",
                "--out",
                dir.resolve("g.json").toString());
    }

    /** Every test's outcome and message, then the notes: what a failed assertion shows. */
    private static String said(Grade g) {
        return g.tests().stream()
                        .map(t -> t.name() + " " + t.outcome() + ": " + t.message())
                        .collect(Collectors.joining("\n"))
                + "\n" + String.join("\n", g.notes());
    }

    @Test
    void aClassesBudgetIsTwiceAnEvenShareOfTheRunAtLeastATestsLimit() {
        Limits standard = Limits.standard();
        assertEquals(Duration.ofSeconds(150), standard.classBudget(55), "a whole stage: a test's limit");
        assertEquals(Duration.ofSeconds(800), standard.classBudget(3), "twice an even share of 1200 s");
        assertEquals(Duration.ofMinutes(20), standard.classBudget(1), "never more than the whole run");
        assertEquals(
                Duration.ofSeconds(40),
                standard.withPerClass(Duration.ofSeconds(40)).classBudget(55));
        assertEquals(
                Duration.ofMinutes(25),
                standard.wholeRunWithStoppedClasses(),
                "the run and two stopped classes of 150 s");
    }

    @Test
    void aTestItsClassesBudgetStoppedIsNotRunAgain() {
        String stopped = "course.tests.stage3.EvenSpreadTest#tenThousandKeysSpreadEvenly";
        String failed = "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys";
        Map<String, String> planned = new LinkedHashMap<>();
        Map<String, ReportLine> results = new LinkedHashMap<>();
        planned.put(stopped, "");
        planned.put(failed, "");
        results.put(
                stopped,
                new ReportLine(
                        "RESULT",
                        stopped,
                        "",
                        "failed",
                        0,
                        ClassBudgets.stoppedMessage(new TestJvm.Stopped(
                                "course.tests.stage3.EvenSpreadTest", Duration.ofSeconds(150), 150.2))));
        results.put(failed, new ReportLine("RESULT", failed, "", "failed", 5, "expected 504, got 200"));
        TestJvm.Outcome run = new TestJvm.Outcome(planned, results, true, false, 0, "", 1, 0, Map.of(), null);
        assertEquals(List.of(failed), Rerun.candidates(run));
        ClassBudgets.Run budgeted =
                new ClassBudgets.Run(run, List.of(), Set.of("course.tests.stage3.OneCopyPerKeyTest"));
        assertEquals(List.of(), budgeted.rerunnable(Rerun.candidates(run)), "nor a test of a class that was stopped");
    }

    @Test
    void theClassTimeLimitIsAnOptionGivenToEverySubmissionOfAGradescopeZip() {
        GradeOptions o = GradeOptions.parse(
                new String[] {"--stage", "2", "--gradescope-zip", "a.zip", "--class-time-limit", "200"});
        assertEquals(Duration.ofSeconds(200), o.limits().perClass());
        assertTrue(
                String.join(" ", o.gradeOptionsForEverySubmission()).contains("--class-time-limit 200"),
                o.gradeOptionsForEverySubmission().toString());
    }
}
