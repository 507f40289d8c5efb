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

/** The grade's test classes in two test JVMs side by side: dealt out, run at once, joined as one run. */
class TestLanesTest {
    @Test
    void classesAreDealtOutInTurnAndNoLaneIsEmpty() {
        List<String> five = List.of("a", "b", "c", "d", "e");
        assertEquals(List.of(List.of("a", "c", "e"), List.of("b", "d")), TestLanes.deal(five, 2));
        assertEquals(List.of(five), TestLanes.deal(five, 1));
        assertEquals(List.of(List.of("a")), TestLanes.deal(List.of("a"), 2), "one class: one JVM");
        assertEquals(List.of(List.of("a"), List.of("b")), TestLanes.deal(List.of("a", "b"), 4));
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
    void aGradeRunsItsClassesInTwoTestJvmsAtOnceAndCountsEveryTest(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        List<String> line = new ArrayList<>(List.of(
                "--stage",
                "1",
                "--factory",
                "solutions.stage1.Stage1Factory",
                // dealt: ConcurrentClients and KillDuringWrites (about 8 s of tests) beside ConcurrentWriters (3 s)
                "--only",
                "ConcurrentClientsTest,ConcurrentWritersTest,KillDuringWritesTest",
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
        assertTrue(notes.contains("the 3 test classes ran in 2 test JVMs side by side"), notes);
        assertEquals(g.score().max(), g.score().earned(), notes);
        List<String> classes = g.tests().stream()
                .map(t -> t.name().substring(0, t.name().indexOf('.')))
                .distinct()
                .toList();
        assertEquals(
                List.of("ConcurrentClientsTest", "ConcurrentWritersTest", "KillDuringWritesTest"),
                classes,
                "the tests in the classes' order, as one JVM runs them: "
                        + g.tests().stream().map(TestResult::name).toList());
        // at once: the second JVM began a test before the first had finished its last
        int secondBegan = firstIndex(lines, "jvm 2 ", "] running course.tests.stage1.ConcurrentWritersTest#");
        int firstEnded = lastIndex(lines, "jvm 1 ", "] passed  course.tests.stage1.KillDuringWritesTest#");
        assertTrue(secondBegan >= 0 && firstEnded >= 0, said);
        assertTrue(secondBegan < firstEnded, "the two test JVMs ran one after the other:\n" + said);
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
