package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import course.results.Grade;
import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A ratio measured on a busy machine is not published: a side whose search stayed contended (or whose machine the
 * grader saw busy from outside the sandbox) is measured once more, and when it is contended again the grade says
 * "not measured: the machine was busy" with what was seen, and neither the grade nor Gradescope's leaderboard holds
 * a ratio. The sides are the documents a search writes (their contention as the kit's probe records it), given in
 * the order the grader would measure them.
 */
class PerformanceContentionTest {
    /** As the kit's probe records a run with two busy neighbours on a 2-core machine. */
    private static LoadRun.Contention busy() {
        return contention(2.8, 46.0, 61.0, 0.2);
    }

    private static LoadRun.Contention quiet() {
        return contention(0.1, 1.5, 4.0, 0.0);
    }

    /** Other processes' CPU seconds and share, the pressure stall share and the steal, as the probe records them. */
    private static LoadRun.Contention contention(double seconds, double percent, double psiSome, double steal) {
        return LoadRun.Contention.of(psiSome, steal, seconds, percent);
    }

    /**
     * A search that found {@code sustained} (a step each at 1000, 2000, ... up to twice it), every kept run
     * contended or none, watched from outside as {@code outside}.
     */
    private static Performance.Side side(double sustained, boolean stepsContended, LoadRun.Contention outside) {
        Saturation search = new Saturation();
        for (double rate = sustained / 2; rate <= sustained * 2; rate *= 2) {
            Saturation.Step st = new Saturation.Step();
            st.rate = rate;
            st.achievedRate = rate;
            st.p99Ms = rate <= sustained ? 3 : 40;
            st.passed = rate <= sustained;
            st.contention = stepsContended ? busy() : quiet();
            if (stepsContended) {
                st.flags = List.of(new LoadRun.Flag(
                        LoadRun.Flag.CONTENTION,
                        "CPU contention during the run: other"
                                + " processes took 2.8 CPU-seconds (46% of all CPUs, above 25%)"));
                st.repeatedForContention = 1;
            }
            search.steps.add(st);
        }
        search.result.sustainedRate = sustained;
        LoadRun run = RatioRangeTest.sustainedGet(sustained);
        run.contention = stepsContended ? busy() : quiet();
        if (stepsContended) {
            run.flag(LoadRun.Flag.CONTENTION, "CPU contention during the run: ...");
        }
        return new Performance.Side(run, search, null, outside);
    }

    /** Gives each side's measurements in turn, and counts what was asked. */
    private static final class Given implements Performance.SideRunner {
        final Iterator<Performance.Side> mine;
        final Iterator<Performance.Side> ref;
        final List<String> asked = new ArrayList<>();

        Given(List<Performance.Side> mine, List<Performance.Side> ref) {
            this.mine = mine.iterator();
            this.ref = ref.iterator();
        }

        @Override
        public Performance.Side measure(String side, int measurement) {
            asked.add(side + " " + measurement);
            return (side.equals(Grade.Attempt.SUBMISSION) ? mine : ref).next();
        }
    }

    private static Grade graded(Given given) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        return graded(Performance.measureBoth(given, new PrintStream(progress, true, StandardCharsets.UTF_8)));
    }

    /** The grade of {@code pair}'s sides as the grader records them, checked against the results schema. */
    static Grade graded(Performance.Pair pair) {
        Performance.Measured measured =
                Performance.record(pair, StandardWorkload.DEFAULT, Performance.STEP_SECONDS, 90, true);
        Grade grade = Grade.builder()
                .stage(1)
                .performance(measured.performance())
                .notes(measured.notes())
                .build();
        assertEquals(List.of(), Results.violations(grade), "the grade fits the results schema");
        return grade;
    }

    private static JsonNode leaderboard(Grade grade) throws Exception {
        return Results.mapper()
                .readTree(GradescopeExport.toJson(grade, Map.of()))
                .get("leaderboard");
    }

    @Test
    void aRatioMeasuredOnABusyMachineTwiceIsNotPublished() throws Exception {
        // The grade of issue 28: 625 against 312 requests/s, every step contended, on both measurements.
        Given given = new Given(
                List.of(side(625, true, busy()), side(600, true, busy())),
                List.of(side(312, true, busy()), side(320, true, busy())));
        Grade grade = graded(given);
        assertEquals(
                List.of("submission 1", "submission 2"),
                given.asked,
                "a contended side is measured once more, and a submission contended again leaves nothing for the"
                        + " reference to decide");
        assertNull(grade.performance().ratio(), "a contended ratio is not a score");
        assertNull(grade.performance().publishedRatio());
        assertEquals(Grade.NotMeasured.BUSY, grade.performance().notMeasured().reason());
        String seen = grade.performance().notMeasured().message();
        assertTrue(seen.startsWith("the machine was busy"), seen);
        assertTrue(
                seen.contains("submission measured 2 times: 625 requests/s, the CPU contended at 313, 625, 1.25k"
                        + " requests/s even after a repeat; seen from outside the sandbox: other processes 46% of the CPUs,"
                        + " CPU pressure 61%, steal 0%; then 600 requests/s"),
                seen);
        assertTrue(
                seen.contains("reference not measured (the submission's side was contended on its last measurement,"
                        + " so no ratio could be published)"),
                seen);
        assertNull(grade.performance().reference());
        assertEquals(2, grade.performance().attempts().size());
        assertTrue(grade.performance().attempts().stream().allMatch(a -> a.contended() && a.outside() != null));
        assertEquals(
                List.of(312.5, 625.0, 1250.0),
                grade.performance().attempts().get(0).contendedSteps());
        String notes = String.join("\n", grade.notes());
        assertTrue(notes.contains("performance: not measured: the machine was busy"), notes);
        assertFalse(notes.contains("ratio 2"), notes);
        JsonNode board = leaderboard(grade);
        assertEquals(1, board.size(), "only the points: " + board);
        assertTrue(Results.mapper()
                .readTree(GradescopeExport.toJson(grade, Map.of()))
                .get("output")
                .asText()
                .contains("not measured: the machine was busy"));
    }

    @Test
    void aSideQuietOnItsSecondMeasurementGivesTheRatio() throws Exception {
        Given given = new Given(
                List.of(side(625, true, busy()), side(600, false, quiet())), List.of(side(300, false, quiet())));
        Grade grade = graded(given);
        assertEquals(List.of("submission 1", "submission 2", "reference 1"), given.asked);
        assertEquals(2.0, grade.performance().ratio());
        assertNull(grade.performance().notMeasured());
        assertEquals(
                List.of(true, false, false),
                grade.performance().attempts().stream()
                        .map(Grade.Attempt::contended)
                        .toList());
        assertEquals(600.0, grade.performance().submission().rate, "the quiet measurement is the one kept");
        assertEquals(2.0, leaderboard(grade).get(1).get("value").asDouble());
    }

    @Test
    void aMachineBusyOnlyAsSeenFromOutsideTheSandboxIsBusyToo() throws Exception {
        // Inside the sandbox (a pid namespace of its own) the steps saw no other process; the grader, outside, did.
        Given given = new Given(
                List.of(side(312, false, quiet())), List.of(side(625, false, busy()), side(610, false, busy())));
        Grade grade = graded(given);
        assertEquals(List.of("submission 1", "reference 1", "reference 2"), given.asked);
        assertNull(grade.performance().ratio());
        String seen = grade.performance().notMeasured().message();
        assertTrue(
                seen.contains("625 requests/s, seen from outside the sandbox: other processes 46% of the CPUs"), seen);
        assertTrue(
                seen.contains("submission measured once: 312 requests/s, seen from outside the sandbox: other"
                        + " processes 2% of the CPUs, CPU pressure 4%, steal 0% (quiet)"),
                seen);
    }

    @Test
    void aSubmissionContendedTwiceFromOutsideLeavesTheReferenceUnmeasured() throws Exception {
        Given given = new Given(
                List.of(side(625, false, busy()), side(610, false, busy())), List.of(side(312, false, quiet())));
        Grade grade = graded(given);
        assertEquals(List.of("submission 1", "submission 2"), given.asked);
        assertEquals(Grade.NotMeasured.BUSY, grade.performance().notMeasured().reason());
        String notes = String.join("\n", grade.notes());
        assertTrue(notes.contains("reference not measured (the submission's side was contended"), notes);
    }

    @Test
    void aQuietPairIsMeasuredOnceEach() throws Exception {
        Given given = new Given(List.of(side(1000, false, quiet())), List.of(side(1000, false, quiet())));
        Grade grade = graded(given);
        assertEquals(List.of("submission 1", "reference 1"), given.asked);
        assertEquals(1.0, grade.performance().ratio());
        assertEquals(1.0, grade.performance().publishedRatio());
    }

    /**
     * The pair {@link Performance#inTurns} keeps when each measurement gives the next of {@code given} (submission,
     * reference), each measurement's number added to {@code asked}.
     */
    private static Performance.Pair inTurns(List<Performance.Side[]> given, List<Integer> asked) throws Exception {
        return inTurns(given, asked, () -> null);
    }

    /** As above, the machine as {@code busyNow} says before a second measurement. */
    private static Performance.Pair inTurns(
            List<Performance.Side[]> given, List<Integer> asked, Performance.BusyNow busyNow) throws Exception {
        Iterator<Performance.Side[]> next = given.iterator();
        return Performance.inTurns(
                n -> {
                    asked.add(n);
                    return next.next();
                },
                busyNow,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void sidesMeasuredInTurnsAreMeasuredAgainTogetherWhenEitherWasContended() throws Exception {
        // Measured side by side, a side is never measured again alone: its second measurement would meet another
        // minute of the machine than the other side's first.
        List<Integer> asked = new ArrayList<>();
        Performance.Pair pair = inTurns(
                List.of(
                        new Performance.Side[] {side(1000, false, quiet()), side(500, false, busy())},
                        new Performance.Side[] {side(900, false, quiet()), side(1000, false, quiet())}),
                asked);
        assertEquals(List.of(1, 2), asked, "the reference was seen busy: both sides are measured once more");
        Grade grade = graded(pair);
        assertEquals(0.9, grade.performance().ratio(), "the ratio of the second, quiet pair");
        assertEquals(
                List.of("submission", "reference", "submission", "reference"),
                grade.performance().attempts().stream().map(Grade.Attempt::side).toList());
        assertTrue(
                String.join("\n", grade.notes()).contains("performance: both sides were measured side by side"),
                grade.notes().toString());
    }

    @Test
    void sidesInTurnsContendedTwiceGiveNoRatio() throws Exception {
        List<Integer> asked = new ArrayList<>();
        Performance.Side[] contended = {side(1000, true, busy()), side(1000, false, quiet())};
        Performance.Pair pair = inTurns(List.of(contended, contended), asked);
        assertEquals(List.of(1, 2), asked, "measured twice at most");
        Grade grade = graded(pair);
        assertNull(grade.performance().ratio());
        assertEquals(Grade.NotMeasured.BUSY, grade.performance().notMeasured().reason());
        assertEquals(4, grade.performance().attempts().size());
    }

    @Test
    void aContendedPairIsNotMeasuredAgainWhileTheMachineIsStillBusy() throws Exception {
        // Beside grading/busy's loops a second pair only ended contended too, and took the performance part from
        // 93 s to 175 s: the machine is watched for a moment first.
        List<Integer> asked = new ArrayList<>();
        Performance.Side[] contended = {side(1000, true, busy()), side(1000, false, quiet())};
        Performance.Pair pair =
                inTurns(List.of(contended, contended), asked, () -> "CPU contention: other processes 46% of the CPUs");
        assertEquals(List.of(1), asked, "measured once: the machine was still busy");
        Grade grade = graded(pair);
        assertNull(grade.performance().ratio());
        assertEquals(Grade.NotMeasured.BUSY, grade.performance().notMeasured().reason());
        assertEquals(2, grade.performance().attempts().size());
    }

    @Test
    void gradesHelpSaysWhatABusyMachineDoesToTheRatio() {
        String help = GradeArgs.usage().replaceAll("\\s+", " ");
        assertTrue(
                help.contains("contended again, the grade has no ratio and says 'not measured: the machine was"
                        + " busy' with what was seen, and the leaderboard gets none"),
                help);
    }

    /** A grade written before the rerun rule, as in issue 28: a ratio over runs flagged for contention. */
    @Test
    void aContendedRatioInAGradeIsNotOnGradescopesLeaderboard() throws Exception {
        Grade grade = Grade.builder()
                .stage(1)
                .performance(new Grade.Performance(
                        side(625, true, null).sustained(), side(312, true, null).sustained(), 2.0, null, List.of()))
                .build();
        JsonNode board = leaderboard(grade);
        for (JsonNode entry : board) {
            assertFalse(entry.get("name").asText().contains("reference"), "a contended ratio was published: " + board);
        }
    }
}
