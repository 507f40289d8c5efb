package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.Grade;
import course.results.LoadRun;
import course.results.Results;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's side of the performance part stands for the grades that follow on the same machine only while
 * nothing it depends on changed, within the hour, and only when it was measured quiet; the grade then names when it
 * was measured. The store is real files in a folder of the test's own.
 */
class ReferenceReuseTest {
    private static final Instant T0 = Instant.parse("2026-11-27T20:00:00Z");
    private static final String MACHINE = "boot 1f0e, AMD EPYC, 2 CPUs";
    private static final String PLAN = "{\"factory\":\"solutions.stage1.Stage1Factory\",\"stepSeconds\":3}";

    @TempDir
    Path dir;

    /** Counts the measurements it was asked for, each giving the next of {@code sides}. */
    private static final class Measurements {
        final List<Performance.Side> sides;
        int made;

        Measurements(Performance.Side... sides) {
            this.sides = List.of(sides);
        }

        Performance.Side measure() {
            return sides.get(made++);
        }
    }

    private static Performance.Side quiet(double rate) {
        return RatioRangeTest.searched(new double[] {rate, 1}, new double[] {rate * 2, 0});
    }

    /** As a grade at {@code now} asks the store: the side that stands, else one measured and kept. */
    private Performance.Side at(ReferenceReuse store, Instant now, boolean fresh, Measurements m) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Optional<Performance.Side> standing =
                store.standing("k1", fresh, now, new PrintStream(progress, true, StandardCharsets.UTF_8));
        if (standing.isPresent()) {
            return standing.get();
        }
        Performance.Side measured = m.measure();
        store.keep("k1", measured, now.truncatedTo(ChronoUnit.SECONDS));
        return measured;
    }

    @Test
    void twoQuietSidesThatAgreeStandForTheGradesOfTheirHourThenItIsMeasuredAgain() throws Exception {
        ReferenceReuse store = new ReferenceReuse(dir.resolve("store"));
        Measurements m = new Measurements(quiet(5000), quiet(4800), quiet(4700));
        assertNull(at(store, T0, false, m).measuredBefore(), "nothing kept yet: measured");
        Instant second = T0.plus(Duration.ofMinutes(1));
        assertNull(at(store, second, false, m).measuredBefore(), "one side kept, none to agree with it: measured");
        Performance.Side later = at(store, T0.plus(Duration.ofMinutes(59)), false, m);
        assertEquals(2, m.made, "two sides within 15% of each other: the later stood for the third grade");
        assertEquals(second, later.measuredBefore());
        assertEquals(4800, later.sustained().rate);
        assertEquals(2, later.search().steps.size(), "the whole search is kept: the grade's notes list its steps");
        Performance.Side afterAnHour = at(store, second.plus(Duration.ofMinutes(60)), false, m);
        assertEquals(3, m.made, "both an hour old or older: measured again");
        assertNull(afterAnHour.measuredBefore());
        assertEquals(4700, afterAnHour.sustained().rate);
    }

    /**
     * The stage-6 reference's side as grades of one evening measured it: 2,340 requests/s kept and reused, where the
     * same code measured 3,440 and 3,750 requests/s in the grades around it (the reference 1.47 times itself). The
     * first measurement stands for no grade until another agrees with it; the next two do.
     */
    @Test
    void aSideTheNextMeasurementDisagreesWithStandsForNoGrade() throws Exception {
        ReferenceReuse store = new ReferenceReuse(dir);
        Measurements m = new Measurements(quiet(2340), quiet(3440), quiet(3750));
        at(store, T0, false, m);
        assertNull(at(store, T0.plusSeconds(600), false, m).measuredBefore(), "one side alone: measured");
        assertNull(at(store, T0.plusSeconds(1200), false, m).measuredBefore(), "2,340 and 3,440 disagree: measured");
        Performance.Side reused = at(store, T0.plusSeconds(1800), false, m);
        assertEquals(3, m.made, "3,440 and 3,750 agree (within 8.3%)");
        assertEquals(3750, reused.sustained().rate);
        assertEquals(T0.plusSeconds(1200), reused.measuredBefore());
    }

    @Test
    void aFreshReferenceIsMeasuredAndKeptAfterTheOthers() throws Exception {
        ReferenceReuse store = new ReferenceReuse(dir);
        Measurements m = new Measurements(quiet(5000), quiet(5100), quiet(4000), quiet(4100));
        at(store, T0, false, m);
        at(store, T0.plusSeconds(60), false, m);
        assertEquals(4000, at(store, T0.plusSeconds(120), true, m).sustained().rate);
        assertEquals(3, m.made, "--perf-fresh-reference measures even where two sides agree");
        assertNull(
                at(store, T0.plusSeconds(180), false, m).measuredBefore(),
                "the fresh side (4,000) and the one before it (5,100) disagree: measured");
        Performance.Side kept = at(store, T0.plusSeconds(240), false, m);
        assertEquals(4, m.made);
        assertEquals(T0.plusSeconds(180), kept.measuredBefore(), "the last two, 4,000 and 4,100, agree");
        assertEquals(4100, kept.sustained().rate);
    }

    @Test
    void aContendedFailedOrRatelessSideIsNotKept() throws Exception {
        Performance.Side contended = quiet(5000);
        contended.search().steps.get(0).flags =
                List.of(new LoadRun.Flag(LoadRun.Flag.CONTENTION, "CPU contention during the run"));
        Performance.Side failed = new Performance.Side(null, null, "stopped at the time limit of 120 s");
        Performance.Side busyOutside = new Performance.Side(
                quiet(5000).sustained(), quiet(5000).search(), null, LoadRun.Contention.of(61.0, 0.2, 2.8, 46.0));
        ReferenceReuse store = new ReferenceReuse(dir);
        for (Performance.Side side : List.of(contended, failed, busyOutside)) {
            assertFalse(store.keep("k1", side, T0), "kept: " + side);
        }
        Measurements m = new Measurements(contended, quiet(5000));
        at(store, T0, false, m);
        at(store, T0.plusSeconds(10), false, m);
        assertEquals(2, m.made, "a contended measurement stands for no later grade");
    }

    @Test
    void aBrokenOrForeignFileIsNoMeasurement() throws Exception {
        ReferenceReuse store = new ReferenceReuse(dir);
        Files.writeString(dir.resolve("k1.json"), "{\"key\": \"k1\", \"measuredAt\": ");
        Measurements m = new Measurements(quiet(5000), quiet(5000));
        assertNull(at(store, T0, false, m).measuredBefore());
        assertEquals(1, m.made, "a half-written file is measured over");
        // a side kept under another key, copied to this key's name, is not this key's
        store.keep("k2", quiet(9000), T0);
        store.keep("k2", quiet(9000), T0.plusSeconds(1)); // two that agree: under its own key they would stand
        Files.copy(dir.resolve("k2.json"), dir.resolve("k1.json"), StandardCopyOption.REPLACE_EXISTING);
        assertEquals(5000, at(store, T0.plusSeconds(5), false, m).sustained().rate);
        assertEquals(2, m.made);
        try (var files = Files.list(dir)) {
            assertEquals(
                    List.of("k1.json", "k2.json"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file is left behind");
        }
    }

    @Test
    void aSideMeasuredLaterThanNowIsNotTrusted() throws Exception {
        ReferenceReuse store = new ReferenceReuse(dir);
        store.keep("k1", quiet(5000), T0);
        store.keep("k1", quiet(5000), T0.plusSeconds(1));
        Measurements m = new Measurements(quiet(4000));
        assertEquals(4000, at(store, T0.minusSeconds(60), false, m).sustained().rate, "the clock went back: measure");
    }

    @Test
    void theKeyChangesWithTheMachinePlanSandboxLimitsAndEveryByteOfTheCode() throws Exception {
        Path jar = Files.write(dir.resolve("solutions.jar"), new byte[] {1, 2, 3, 4});
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("A.class"), "a");
        List<Path> code = List.of(jar, classes);
        Limits limits = Limits.standard();
        String key = ReferenceReuse.key(MACHINE, PLAN, true, limits, code);
        assertEquals(key, ReferenceReuse.key(MACHINE, PLAN, true, limits, code), "the same inputs, the same key");
        assertEquals(
                key,
                ReferenceReuse.key(MACHINE, PLAN, true, limits.withWholeRun(Duration.ofMinutes(7)), code),
                "the test run's time limits are not the performance part's");
        List<String> others = new ArrayList<>(List.of(
                ReferenceReuse.key("boot 2a7c, AMD EPYC, 2 CPUs", PLAN, true, limits, code),
                ReferenceReuse.key(MACHINE, PLAN.replace("3}", "1}"), true, limits, code),
                ReferenceReuse.key(MACHINE, PLAN, false, limits, code),
                ReferenceReuse.key(
                        MACHINE,
                        PLAN,
                        true,
                        new Limits(
                                limits.wholeRun(),
                                limits.perTest(),
                                limits.testHeap(),
                                limits.addressSpaceBytes(),
                                limits.processes() / 2,
                                limits.tmpBytes(),
                                limits.perClass(),
                                limits.rerun(),
                                limits.testJvms()),
                        code)));
        Files.write(jar, new byte[] {1, 2, 3, 5});
        others.add(ReferenceReuse.key(MACHINE, PLAN, true, limits, code));
        Files.write(jar, new byte[] {1, 2, 3, 4});
        Files.writeString(classes.resolve("B.class"), "b");
        others.add(ReferenceReuse.key(MACHINE, PLAN, true, limits, code));
        for (String other : others) {
            assertNotEquals(key, other);
        }
        assertEquals(others.size(), others.stream().distinct().count(), "each change a key of its own: " + others);
    }

    @Test
    void thisMachineNamesItsBootAndCpus() {
        String machine = ReferenceReuse.thisMachine().orElseThrow();
        assertTrue(machine.matches("boot [0-9a-f-]{36}, (model name\\s*: .+)?, \\d+ CPUs"), machine);
    }

    @Test
    void aGradeWithAReusedReferenceSaysWhenItWasMeasured() throws IOException {
        Performance.Side kept = quiet(5000);
        Performance.Side reused =
                new Performance.Side(kept.sustained(), kept.search(), null, null, T0.minus(Duration.ofMinutes(12)));
        Grade grade = PerformanceContentionTest.graded(new Performance.Pair(quiet(4000), reused, List.of()));
        assertEquals("2026-11-27T19:48:00Z", grade.performance().referenceReusedFrom());
        assertEquals(0.8, grade.performance().ratio());
        String notes = String.join("\n", grade.notes());
        assertTrue(
                notes.contains("performance: the reference's side is an earlier grade's, measured at"
                        + " 2026-11-27T19:48:00Z on this machine"),
                notes);
        Grade measuredNow = PerformanceContentionTest.graded(new Performance.Pair(quiet(4000), kept, List.of()));
        assertNull(measuredNow.performance().referenceReusedFrom());
        assertFalse(Results.mapper().writeValueAsString(measuredNow).contains("referenceReusedFrom"));
    }
}
