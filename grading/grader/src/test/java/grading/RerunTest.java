package grading;

import static grading.RefusedOptions.assertRefused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Grade;
import course.results.Results;
import course.results.TestResult;
import grading.runner.ReportLine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A test that fails once on a busy machine and passes with the same seed costs no points and shows as flaky. */
class RerunTest {
    private static final String FLAKY = "course.tests.stage1.EntityProtocolTest#flaky";
    private static final String BROKEN = "course.tests.stage1.EntityProtocolTest#broken";
    private static final String FINE = "course.tests.stage1.EntityProtocolTest#fine";

    private static TestJvm.Outcome outcome(Map<String, String> outcomes) {
        return FinishedRun.of(outcomes.entrySet().stream()
                .map(e -> new ReportLine(
                        "RESULT",
                        e.getKey(),
                        "",
                        e.getValue(),
                        5,
                        e.getValue().equals("passed") ? "" : "expected 200, got 504"))
                .toArray(ReportLine[]::new));
    }

    @Test
    void aTestThatPassesTheSecondTimeCountsAsPassedAndIsNamedFlaky(@TempDir Path dir) throws Exception {
        Map<String, String> firstOutcomes = new LinkedHashMap<>();
        firstOutcomes.put(FLAKY, "failed");
        firstOutcomes.put(BROKEN, "failed");
        firstOutcomes.put(FINE, "passed");
        TestJvm.Outcome first = outcome(firstOutcomes);
        List<String> again = Rerun.candidates(first);
        assertEquals(List.of(FLAKY, BROKEN), again);
        Map<String, String> secondOutcomes = new LinkedHashMap<>();
        secondOutcomes.put(FLAKY, "passed");
        secondOutcomes.put(BROKEN, "failed");
        TestJvm.Outcome second = outcome(secondOutcomes);

        Rerun rerun = new Rerun(first, again, second);
        TestOutcome outcome = TestOutcome.of(rerun, Weights.load());
        List<String> notes = new ArrayList<>(outcome.notes());
        notes.addAll(rerun.notes());
        Grade g = Grade.builder()
                .stage(1)
                .student("student")
                .score(outcome.score())
                .tests(outcome.tests())
                .notes(notes)
                .seed(1234567890123L)
                .build();

        TestResult flaky = test(g, ".flaky");
        assertEquals("passed", flaky.outcome());
        assertEquals("failed", flaky.firstRun().outcome());
        assertTrue(flaky.firstRun().message().contains("504"));
        TestResult broken = test(g, ".broken");
        assertEquals("failed", broken.outcome());
        assertEquals("failed", broken.firstRun().outcome());
        assertNull(test(g, ".fine").firstRun());
        assertEquals(g.score().max() * 2 / 3, g.score().earned(), 0.02, "the flaky test's points are kept");
        assertTrue(
                String.join("\n", g.notes()).contains("flaky: EntityProtocolTest.flaky failed, then passed"),
                g.notes().toString());

        Path out = dir.resolve("g.json");
        Results.write(out, g);
        Grade back = Results.read(out, Grade.class);
        assertEquals(1234567890123L, back.seed());
        assertEquals("failed", back.tests().get(0).firstRun().outcome());
        assertTrue(Summary.of(back, out).contains("seed 1234567890123"));
    }

    @Test
    void aRunStoppedAtItsTimeLimitIsNotRunAgain() {
        TestJvm.Outcome first = outcome(Map.of(BROKEN, "error"));
        TestJvm.Outcome stopped =
                new TestJvm.Outcome(first.planned(), first.results(), false, true, -1, "", 900, 0, Map.of(), null);
        assertEquals(List.of(), Rerun.candidates(stopped));
    }

    @Test
    void theSecondRunIsHeldToItsOwnLimitNotTheFirstRunsAgain() {
        Limits first = Limits.standard().withRerun(Duration.ofMinutes(2));
        Limits second = first.forRerun();
        assertEquals(Duration.ofMinutes(2), second.wholeRun());
        assertEquals(first.perTest(), second.perTest(), "each test keeps its limit");
        assertEquals(first.testHeap(), second.testHeap());
    }

    @Test
    void theSeedOptionIsANumberAndTheReplayCommandCarriesIt() {
        GradeOptions o =
                GradeOptions.parse(new String[] {"--stage", "2", "--factory", "a.B", "--no-perf", "--seed", "-17"});
        assertEquals(-17L, o.seed());
        assertEquals(
                "./course grade --stage 2 --factory a.B --no-perf --seed -17", GradeCommand.replayCommand(o, o.seed()));
        GradeOptions spaced = GradeOptions.parse(new String[] {"--stage", "1", "--submission", "/tmp/alice's repo"});
        assertEquals(
                "./course grade --stage 1 --submission '/tmp/alice'\\''s repo' --seed 5",
                GradeCommand.replayCommand(spaced, 5));
        assertRefused("--stage 2 --factory a.B --seed abc", "--seed takes a whole number");
    }

    /** The test of the grade whose name ends with {@code suffix}. */
    private static TestResult test(Grade g, String suffix) {
        return g.tests().stream()
                .filter(t -> t.name().endsWith(suffix))
                .findFirst()
                .orElseThrow();
    }
}
