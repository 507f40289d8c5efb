package course.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        var e = assertThrows(java.io.IOException.class, () -> Results.read(file, LoadRun.class));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }

    @Test
    void gradeWithEmbeddedRunsIsValid() {
        Grade grade = new Grade();
        grade.stage = 1;
        grade.score.max = 10;
        grade.performance = new Grade.Performance();
        grade.performance.submission = sampleRun();
        grade.performance.reference = sampleRun();
        grade.performance.ratio = 1.0;
        assertEquals(java.util.List.of(), Results.violations(grade));
    }
}
