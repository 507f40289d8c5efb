package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Grade;
import course.results.TestResult;
import grading.runner.ReportLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The grade's test classes in two test JVMs side by side: run at once, each JVM taking the next class as it finishes
 * one, joined as one run.
 */
class TestLanesTest {
    @Test
    void noTestJvmIsStartedWithoutAClass() {
        assertEquals(2, TestLanes.lanes(5, 2));
        assertEquals(1, TestLanes.lanes(5, 1));
        assertEquals(1, TestLanes.lanes(1, 2), "one class: one JVM");
        assertEquals(2, TestLanes.lanes(2, 4));
    }

    @Test
    void joinedLanesListTheTestsInClassOrderAndTellWhyALaneEndedEarly() {
        ClassBudgets.Run first = new ClassBudgets.Run(
                outcome(List.of("p.A#x", "p.C#y"), List.of("p.A#x", "p.C#y"), true, 0, "", 40),
                List.of("note of the first"),
                Set.of());
        ClassBudgets.Run second = new ClassBudgets.Run(
                outcome(List.of("p.B#z", "p.D#w"), List.of("p.B#z"), false, 134, "OutOfMemoryError", 25),
                List.of("note of the second"),
                Set.of("p.D"));
        ClassBudgets.Run joined = TestLanes.join(List.of("p.A", "p.B", "p.C", "p.D"), List.of(first, second));
        TestJvm.Outcome o = joined.outcome();
        assertEquals(
                List.of("p.A#x", "p.B#z", "p.C#y", "p.D#w"),
                List.copyOf(o.planned().keySet()));
        assertEquals(Set.of("p.A#x", "p.B#z", "p.C#y"), o.results().keySet());
        // the test p.D#w that the second JVM left unfinished is explained by that JVM's end, not the first's
        assertFalse(o.finished());
        assertEquals(134, o.exitCode());
        assertEquals("OutOfMemoryError", o.stderrTail());
        assertEquals(40, o.seconds(), 1e-9, "side by side: the longer lane's time");
        assertEquals(List.of("note of the first", "note of the second"), joined.notes());
        assertEquals(Set.of("p.D"), joined.stoppedClasses());
    }

    @Test
    void aGradeRunsItsClassesInTwoTestJvmsAtOnceEachTakingTheNextAsItFinishesOne(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        String longer = "course.hidden.stage1.CrashRecoveryTest"; // ~13 s of kill -9 and restarts
        String shorter = "course.tests.stage1.ConcurrentWritersTest"; // ~5 s
        String last = "course.tests.stage1.EntityProtocolTest"; // ~3.5 s
        List<String> line = new ArrayList<>(List.of(
                "--stage",
                "1",
                "--factory",
                "solutions.stage1.Stage1Factory",
                "--only",
                "CrashRecoveryTest,ConcurrentWritersTest,EntityProtocolTest",
                "--test-jvms",
                "2",
                "--no-perf",
                "--out",
                dir.resolve("g.json").toString()));
        if (!GradeCommandTest.SANDBOX_WORKS) {
            line.add("--no-sandbox");
        }
        Grade g = GradeCommand.grade(
                GradeOptions.parse(line.toArray(String[]::new)),
                new PrintStream(progress, true, StandardCharsets.UTF_8));
        String said = progress.toString(StandardCharsets.UTF_8);
        List<String> lines = said.lines().toList();
        String notes = String.join("\n", g.notes());
        assertTrue(
                notes.contains("2 test JVMs side by side, each in a sandbox of its own, each taking the next of the 3"
                        + " test classes as it finishes one"),
                notes);
        assertEquals(g.score().max(), g.score().earned(), notes);
        List<String> classes = g.tests().stream()
                .map(t -> t.name().substring(0, t.name().indexOf('.')))
                .distinct()
                .toList();
        assertEquals(
                List.of("CrashRecoveryTest", "ConcurrentWritersTest", "EntityProtocolTest"),
                classes,
                "the tests in the classes' order, as one JVM runs them: "
                        + g.tests().stream().map(TestResult::name).toList());
        String longerJvm = jvmOf(lines, longer);
        String shorterJvm = jvmOf(lines, shorter);
        assertTrue(longerJvm != null && shorterJvm != null && !longerJvm.equals(shorterJvm), said);
        // at once: the shorter class's JVM began a test before the longer class's JVM had finished its last
        int shorterBegan = firstIndex(lines, shorterJvm, "] running " + shorter + "#");
        int longerEnded = lastIndex(lines, longerJvm, "] passed  " + longer + "#");
        assertTrue(shorterBegan >= 0 && longerEnded >= 0, said);
        assertTrue(shorterBegan < longerEnded, "the two test JVMs ran one after the other:\n" + said);
        // the last class went to the JVM that was free first, not to the one still in the longer class
        assertEquals(
                shorterJvm,
                jvmOf(lines, last),
                "the last class waited for the JVM of the longer class instead of running in the free one:\n" + said);
    }

    /** The label ("jvm 1 ") of the test JVM whose progress shows {@code testClass}'s first test beginning. */
    private static String jvmOf(List<String> lines, String testClass) {
        return lines.stream()
                .filter(l -> l.startsWith("jvm ") && l.contains("] running " + testClass + "#"))
                .map(l -> l.substring(0, l.indexOf(' ', 4) + 1))
                .findFirst()
                .orElse(null);
    }

    private static int firstIndex(List<String> lines, String label, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(label) && lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndex(List<String> lines, String label, String text) {
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(label) && lines.get(i).contains(text)) {
                last = i;
            }
        }
        return last;
    }

    private static TestJvm.Outcome outcome(
            List<String> planned, List<String> passed, boolean finished, int exit, String tail, double seconds) {
        Map<String, String> plan = new LinkedHashMap<>();
        planned.forEach(id -> plan.put(id, ""));
        Map<String, ReportLine> results = new LinkedHashMap<>();
        passed.forEach(id -> results.put(id, new ReportLine("RESULT", id, "", "passed", 1, "")));
        return new TestJvm.Outcome(plan, results, finished, false, exit, tail, seconds, 0, Map.of(), null);
    }
}
