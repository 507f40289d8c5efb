package course.wrk2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportCommandTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new ImportCommand(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private List<String> written(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesOneValidatedJsonPerRunAndPrintsALineForEach() throws IOException {
        Path outDir = tmp.resolve("imported");
        int code = run(
                TestFiles.path(TestFiles.SOCKET_ERRORS).toString(),
                TestFiles.path(TestFiles.REPORT_WITH_PROMPTS).toString(),
                "--out",
                outDir.toString(),
                "--student",
                "alice",
                "--stage",
                "2");
        assertEquals(0, code, err());
        assertEquals(
                List.of(
                        "002_2b000bd71cbc8657-1.json",
                        "002_2b000bd71cbc8657-2.json",
                        "002_2b000bd71cbc8657-3.json",
                        "002_2b000bd71cbc8657-4.json",
                        "002_2b000bd71cbc8657-5.json",
                        "002_2b000bd71cbc8657-6.json",
                        "student01__wrk__results__stage3__put_t4_c170_R22000-1.json"),
                written(outDir));
        LoadRun run = Results.read(
                outDir.resolve("student01__wrk__results__stage3__put_t4_c170_R22000-1.json"), LoadRun.class);
        assertEquals("alice", run.student);
        assertEquals(2, run.stage);
        assertEquals(54000.0, run.percentile(99));
        assertEquals(3493, run.errors.timeout);
        assertTrue(
                out().contains("student01__wrk__results__stage3__put_t4_c170_R22000.txt #1 put rate=22000"
                        + " achieved=20454.55 p50=1630ms p99=54000ms p99.9=73200ms"),
                out());
        assertTrue(
                out().contains("002_2b000bd71cbc8657.txt #5 get rate=40000 achieved=? p50=1.16ms p99=10.85ms"
                        + " p99.9=35.87ms"),
                out());
        assertTrue(out().contains("imported 7 run(s) from 2 of 2 file(s)"), out());
    }

    @Test
    void aFileWithoutRunsGivesExitCodeOneAndIsNamed() throws IOException {
        Path prose = file("notes.md", "# Заметки\nНагрузку не запускали.\n");
        Path outDir = tmp.resolve("out");
        int code =
                run(prose.toString(), TestFiles.path(TestFiles.SPECTRUM_ONLY).toString(), "--out", outDir.toString());
        assertEquals(1, code);
        assertTrue(err().contains("no run imported from 1 file(s): " + prose), err());
        assertEquals(
                List.of("student03__report__hw1__data__upsert_25000rps-2m-1.json"),
                written(outDir),
                "the other file is still imported");
    }

    @Test
    void anUnreadableRunIsAWarningAndTheRestIsWritten() throws IOException {
        Path file = tmp.resolve("two_runs_R1000.txt");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "Running 10s test @ http://localhost:8080",
                        "  Latency Distribution (HdrHistogram - Recorded Latency)",
                        " 50.000%    1.00ms",
                        "Running 10s test @ http://localhost:8080",
                        "  Thread Stats   Avg      Stdev     Max   +/- Stdev",
                        "    Latency     1.00ms    0.50ms   3.00ms   90.00%",
                        "  10000 requests in 10.00s, 1.00MB read",
                        "Requests/sec:    1000.00",
                        "Transfer/sec:    100.00KB",
                        ""));
        Path outDir = tmp.resolve("out");
        assertEquals(0, run(file.toString(), "--out", outDir.toString()), err());
        assertTrue(err().contains("warning: " + file + ":3: run 1 (from line 1) not imported"), err());
        assertEquals(List.of("two_runs_R1000-2.json"), written(outDir));
    }

    @Test
    void twoFilesWithTheSameNameDoNotOverwriteEachOther() throws IOException {
        Path copy = tmp.resolve("other").resolve(TestFiles.SPECTRUM_ONLY);
        Files.createDirectories(copy.getParent());
        Files.copy(TestFiles.path(TestFiles.SPECTRUM_ONLY), copy);
        Path outDir = tmp.resolve("out");
        assertEquals(
                1,
                run(TestFiles.path(TestFiles.SPECTRUM_ONLY).toString(), copy.toString(), "--out", outDir.toString()));
        assertTrue(err().contains("was already written from"), err());
        assertTrue(err().contains("no run imported from 1 file(s): " + copy), err());
        assertEquals(List.of("student03__report__hw1__data__upsert_25000rps-2m-1.json"), written(outDir));
    }

    @Test
    void badArgumentsGiveExitCodeTwoAndWriteNothing() throws IOException {
        Path outDir = tmp.resolve("out");
        String good = TestFiles.path(TestFiles.SPECTRUM_ONLY).toString();
        assertEquals(2, run("--out", outDir.toString()));
        assertTrue(err().contains("no input files"), err());
        assertEquals(2, run(good, "--stage", "0", "--out", outDir.toString()));
        assertTrue(err().contains("--stage wants a stage number"), err());
        assertEquals(2, run(good, "--verbose", "--out", outDir.toString()));
        assertTrue(err().contains("Unknown option: '--verbose'"), err());
        assertEquals(2, run(good, "--out"));
        assertTrue(err().contains("Missing required parameter for option '--out'"), err());
        assertEquals(2, run(good, "--stage", "9", "--out", outDir.toString()));
        assertTrue(err().contains("there is no stage 9; the stages are 1 (1-sync-server)"), err());
        assertEquals(2, run(good, tmp.resolve("missing.txt").toString(), "--out", outDir.toString()));
        assertTrue(err().contains("missing.txt: no such file"), err());
        // Once each run failed to be written into it, with the bare path as the reason, and the exit was 1.
        Path aFile = Files.writeString(tmp.resolve("a-file.txt"), "not a folder");
        assertEquals(2, run(good, "--out", aFile.toString()));
        assertTrue(
                err().contains("--out " + aFile + ": " + aFile + " is a file, not a folder; give the folder"), err());
        assertFalse(Files.exists(outDir), "nothing is written when the arguments are wrong");
    }

    @Test
    void helpPrintsUsage() {
        assertEquals(0, run("--help"));
        assertTrue(
                out().startsWith("usage: ./course import-wrk FILE... [--out DIR] [--student NAME] [--stage N]"), out());
        assertTrue(out().contains("results/imported"), out());
    }

    @Test
    void aListingImportsEveryReportWithItsOwnStudentAndStageAndLeavesAnErrorFileForOneWithoutRuns() throws IOException {
        Path prose = file("notes.md", "# Notes\nNo load was run.\n");
        Path listing = file(
                "listing.jsonl",
                "{\"file\": \"" + TestFiles.path(TestFiles.SOCKET_ERRORS) + "\", \"student\":"
                        + " \"alice\", \"stage\": 2}\n{\"file\": \"" + prose
                        + "\", \"student\": \"bob\", \"stage\": 1}\n");
        Path outDir = tmp.resolve("imported");
        assertEquals(1, run("--listing", listing.toString(), "--out", outDir.toString()), err());
        assertEquals(
                List.of("notes.import-error.txt", "student01__wrk__results__stage3__put_t4_c170_R22000-1.json"),
                written(outDir));
        LoadRun run = Results.read(
                outDir.resolve("student01__wrk__results__stage3__put_t4_c170_R22000-1.json"), LoadRun.class);
        assertEquals("alice", run.student);
        assertEquals(2, run.stage);
        assertTrue(Files.readString(outDir.resolve("notes.import-error.txt")).contains("no wrk2 output found"));
        assertTrue(out().contains("imported 1 run(s) from 1 of 2 listed report(s)"), out());
    }

    @Test
    void aListingWithFilesOrABadLineIsRefused() throws IOException {
        Path listing = file("listing.jsonl", "{\"file\": \"x.txt\", \"stage\": 1}\n");
        assertEquals(2, run("--listing", listing.toString(), "x.txt"));
        assertTrue(err().contains("give no FILE, --student or --stage with it"), err());
        assertEquals(
                2,
                run("--listing", listing.toString(), "--out", tmp.resolve("o").toString()));
        assertTrue(err().contains("--listing line 1 needs"), err());
    }

    /** A file of this test's folder holding {@code text}. */
    private Path file(String name, String text) throws IOException {
        return Files.writeString(tmp.resolve(name), text);
    }
}
