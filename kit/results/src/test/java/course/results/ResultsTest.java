package course.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTest {
    @TempDir
    Path dir;

    private static LoadRun sampleRun() {
        LoadRun run = new LoadRun();
        run.source.tool = "course-load";
        run.workload.name = "get";
        run.rate = 1000.0;
        run.latency.percentiles.add(new LoadRun.Percentile(50, 0.8));
        run.latency.percentiles.add(new LoadRun.Percentile(99.9, 4.2));
        run.environment = Environment.probe();
        run.steal = LoadRun.Steal.of(7.5);
        return run;
    }

    @Test
    void loadRunRoundTripsThroughFile() throws Exception {
        Path file = dir.resolve("sub/run.json");
        Results.write(file, sampleRun());
        LoadRun back = Results.read(file, LoadRun.class);
        assertEquals(4.2, back.percentile(99.9));
        assertTrue(back.steal.flagged, "steal above 5% must be flagged");
        assertEquals(ResultDocument.SCHEMA, back.schema);
    }

    @Test
    void offSchemaDocumentIsRefusedAndNothingIsWritten() throws Exception {
        LoadRun run = sampleRun();
        run.source.tool = "jmeter";
        Path file = dir.resolve("bad.json");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.write(file, run));
        assertTrue(e.getMessage().contains("tool"), e.getMessage());
        assertFalse(Files.exists(file));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no temp file may be left behind");
        }
    }

    @Test
    void readingAnInvalidFileNamesIt() throws Exception {
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{\"schema\": \"course-results/1\", \"kind\": \"load-run\"}");
        var e = assertThrows(IOException.class, () -> Results.read(file, LoadRun.class));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }

    @Test
    void gradeWithEmbeddedRunsIsValid() {
        Grade grade = Grade.builder()
                .stage(1)
                .score(new Grade.Score(0, 10, List.of()))
                .performance(new Grade.Performance(sampleRun(), sampleRun(), 1.0, null, List.of()))
                .build();
        assertEquals(List.of(), Results.violations(grade));
    }

    @Test
    void aGradeIsWrittenInTheSchemasOrderAndReadBackWhole() throws Exception {
        // Grade is a record now; its JSON is what the mutable Grade wrote: the same fields in the same order.
        Grade grade = Grade.builder()
                .createdAt("2026-01-01T00:00:00.123Z")
                .student("alice")
                .stage(1)
                .score(new Grade.Score(1, 3, List.of(new Grade.Part("protocol", 1, 3))))
                .tests(List.of(new TestResult(
                        "A.b",
                        1,
                        "protocol",
                        "passed",
                        null,
                        null,
                        5.0,
                        new TestResult.Attempt("failed", "expected 200, got 504", 4.0))))
                .notes(List.of("flaky: A.b failed, then passed"))
                .durationSeconds(12.5)
                .seed(-5L)
                .sandboxed(true)
                .build();
        Path file = dir.resolve("grade.json");
        Results.write(file, grade);
        List<String> fields = new ArrayList<>();
        Results.mapper().readTree(file.toFile()).fieldNames().forEachRemaining(fields::add);
        assertEquals(
                List.of(
                        "schema",
                        "kind",
                        "createdAt",
                        "student",
                        "stage",
                        "score",
                        "tests",
                        "notes",
                        "durationSeconds",
                        "seed",
                        "sandboxed"),
                fields);
        assertTrue(
                Files.readString(file)
                        .replaceAll("\\s", "")
                        .contains("\"tests\":[{\"name\":\"A.b\",\"stage\":1,"
                                + "\"category\":\"protocol\",\"outcome\":\"passed\",\"visibility\":\"visible\",\"durationMs\":5.0,"
                                + "\"firstRun\":{\"outcome\":\"failed\""),
                Files.readString(file));
        assertEquals(grade, Results.read(file, Grade.class));
    }

    @Test
    void aSearchInWhichNoStepMetTheSloIsWrittenWithItsNullRate() throws Exception {
        Saturation search = new Saturation();
        Saturation.Step missed = new Saturation.Step();
        missed.rate = 1000;
        missed.achievedRate = 400;
        missed.p99Ms = 250;
        search.steps.add(missed);
        search.result.note = "no rate down to 1 request/s met the SLO";
        Path file = dir.resolve("none.json");
        Results.write(file, search);
        assertTrue(
                Files.readString(file).replaceAll("\\s", "").contains("\"sustainedRate\":null"),
                "the schema requires sustainedRate: " + Files.readString(file));
        assertEquals(null, Results.read(file, Saturation.class).result.sustainedRate);
    }

    @Test
    void aGradeMeasuredOnABusyMachineHasNoRatioAndOnlyAQuietRatioIsPublished() {
        Grade grade = Grade.builder()
                .stage(1)
                .performance(new Grade.Performance(sampleRun(), sampleRun(), 2.0, null, List.of()))
                .build();
        assertEquals(2.0, grade.performance().publishedRatio());
        LoadRun.Contention outside = new LoadRun.Contention();
        outside.otherProcessesCpuPercent = 46.0;
        Grade.Attempt attempt =
                new Grade.Attempt(Grade.Attempt.SUBMISSION, 625.0, true, List.of(1000.0), outside, null);
        Grade.Performance measured = grade.performance();
        Grade busy = grade.withPerformance(new Grade.Performance(
                measured.submission(),
                measured.reference(),
                measured.ratio(),
                new Grade.NotMeasured(Grade.NotMeasured.BUSY, "the machine was busy: ..."),
                List.of(attempt)));
        assertTrue(
                Results.violations(busy).stream().anyMatch(v -> v.contains("ratio")),
                "the schema refuses a ratio beside notMeasured: " + Results.violations(busy));
        assertEquals(null, busy.performance().publishedRatio());
        Grade.Performance noRatio = busy.performance().withRatio(null);
        assertEquals(List.of(), Results.violations(busy.withPerformance(noRatio)));

        Grade.Performance quiet = noRatio.withNotMeasured(null).withRatio(2.0);
        quiet.submission().flag(LoadRun.Flag.CONTENTION, "CPU contention during the run: ...");
        assertEquals(null, quiet.publishedRatio(), "a ratio over a contended run is not published");
    }

    @Test
    void flagsCarryAKindAndContentionRoundTrips() throws Exception {
        LoadRun run = sampleRun();
        run.flag(LoadRun.Flag.CONTENTION, "CPU contention during the run: other processes took 5.2 CPU-seconds");
        run.contention = new LoadRun.Contention();
        run.contention.otherProcessesCpuSeconds = 5.2;
        run.contention.otherProcessesCpuPercent = 87.0;
        run.contention.notes.add("no CPU pressure: this kernel has no /proc/pressure/cpu");
        run.contention.stabilize = new LoadRun.Stabilize("auto", "plain", "CPU steal 0.10% over a 1.0 s probe");
        Path file = dir.resolve("flagged.json");
        Results.write(file, run);
        String json = Files.readString(file);
        assertTrue(json.contains("\"kind\" : \"contention\"") || json.contains("\"kind\":\"contention\""), json);
        assertTrue(json.replaceAll("\\s", "").contains("\"psiCpuSomePercent\":null"), "unmeasured is written as null");
        LoadRun back = Results.read(file, LoadRun.class);
        assertTrue(back.flagged(LoadRun.Flag.CONTENTION));
        assertEquals(87.0, back.contention.otherProcessesCpuPercent);
        assertEquals("plain", back.contention.stabilize.decision());
    }

    @Test
    void aRunCarriesWhoItMeasuredAndAnOlderRunWithoutItReadsAsUnknown() throws Exception {
        LoadRun run = sampleRun();
        run.student = "alice";
        run.factory = "student.StudentServiceFactory";
        run.factorySource = FactorySource.SUBMISSION;
        Path file = dir.resolve("authored.json");
        Results.write(file, run);
        String json = Files.readString(file).replaceAll("\\s", "");
        assertTrue(
                json.contains("\"factory\":\"student.StudentServiceFactory\",\"factorySource\":\"submission\""), json);
        LoadRun back = Results.read(file, LoadRun.class);
        assertEquals("alice", back.student);
        assertEquals(FactorySource.SUBMISSION, back.factorySource);

        Path old = dir.resolve("old.json");
        Files.writeString(
                old,
                Files.readString(file).replaceAll("\\s*\"(student|factory|factorySource)\"\\s*:\\s*\"[^\"]*\",", ""));
        LoadRun unknown = Results.read(old, LoadRun.class);
        assertEquals(null, unknown.factory, Files.readString(old));
        assertEquals(null, unknown.student);

        Saturation search = new Saturation();
        search.factory = "solutions.stage1.Stage1Factory";
        search.factorySource = FactorySource.NODE;
        search.result.sustainedRate = 1000.0;
        assertEquals(List.of(), Results.violations(search));
        Path bad = dir.resolve("bad-source.json");
        Files.writeString(bad, Files.readString(file).replace("\"submission\"", "\"guess\""));
        var e = assertThrows(IOException.class, () -> Results.read(bad, LoadRun.class));
        assertTrue(e.getMessage().contains("factorySource"), e.getMessage());
    }

    @Test
    void aBareStringFlagIsRefused() throws Exception {
        Path good = dir.resolve("good.json");
        Results.write(good, sampleRun());
        String text = Files.readString(good)
                .replaceFirst("\"flags\"\\s*:\\s*\\[\\s*\\]", "\"flags\": [\"target rate not met\"]");
        assertTrue(text.contains("target rate not met"), text);
        Path bad = dir.resolve("bad-flag.json");
        Files.writeString(bad, text);
        var e = assertThrows(IOException.class, () -> Results.read(bad, LoadRun.class));
        assertTrue(e.getMessage().contains("flags"), e.getMessage());
    }
}
