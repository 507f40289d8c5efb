package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.command.Stages;
import course.results.FactorySource;
import course.results.LoadRun;
import course.results.Results;
import course.wrk2.ParseResult;
import course.wrk2.Wrk2Parser;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code course load} as a user runs it: the printed report, the files it writes, and its errors. */
class LoadCommandTest {
    /** A one-second run at 200 requests/s on 2 connections, without warm-up, stabilizer or progress lines. */
    private static final String QUICK_RUN = "--url %s -R 200 -c 2 -t 1 -d 1s --warmup 0 --no-stabilize --no-progress";

    /** A one-second run that names no stage: the stage comes from the checkout, or is unknown. */
    private static final String UNSTAGED_RUN = "--url %s -R 100 -d 1s --no-stabilize --out %s";

    @TempDir
    Path dir;

    @Test
    void writesValidJsonAnHlogAndWrk2TextThatTheWrk2ParserReadsBack() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            Path json = dir.resolve("run.json");
            CommandRun o = load(words(
                    "--url %s -R 1000 -c 4 -t 2 -d 2s --workload mixed --put-ratio 0.5 --key-order zipfian --keys 1000"
                            + " --seed 7 --out %s --no-stabilize --server-heap -Xmx128m --student alice --stage 1",
                    server.url(), json));
            assertEquals(0, o.code(), o.err());
            for (String section : new String[] {
                "Running 2s test @ " + server.url(),
                "2 threads and 4 connections",
                "Thread Stats   Avg      Stdev     Max   +/- Stdev",
                "Latency Distribution (HdrHistogram - Recorded Latency)",
                " 99.000%",
                "Detailed Percentile spectrum:",
                "#[Mean    =",
                "#[Buckets =",
                " requests in 2.00s, ",
                "Requests/sec:",
                "Transfer/sec:",
                "Seed: 7"
            }) {
                assertTrue(o.out().contains(section), "missing '" + section + "' in:\n" + o.out());
            }

            LoadRun run = Results.read(json, LoadRun.class);
            assertEquals("course-load", run.source.tool);
            assertTrue(run.source.command.startsWith("course load --url"), run.source.command);
            assertEquals("mixed", run.workload.name);
            assertEquals(0.5, run.workload.putRatio);
            assertEquals("zipfian", run.workload.keyOrder);
            assertEquals(1000.0, run.rate);
            RateShortfall.assertMetOrExplained(2000, run.requests, 60, run.flags);
            assertEquals(8, run.latency.percentiles.size());
            assertEquals("-Xmx128m", run.environment.heap);
            assertEquals(false, run.environment.stabilized);
            assertNotNull(run.steal);
            assertEquals("run.hlog", run.histogramLog);
            assertEquals(run.requests, run.errors.byStatus.get("200"), "PUT bodies framed right: every answer a 200");
            assertEquals(0, run.errors.total());

            long logged = 0;
            HistogramLogReader reader =
                    new HistogramLogReader(dir.resolve("run.hlog").toFile());
            Histogram h;
            while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
                logged += h.getTotalCount();
            }
            assertEquals(run.requests, logged, "the .hlog holds every recorded latency");

            String text = Files.readString(dir.resolve("run.txt"));
            ParseResult parsed = Wrk2Parser.parse(text, "run.txt");
            assertEquals(1, parsed.runs().size(), "problems: " + parsed.problems());
            LoadRun back = parsed.runs().get(0);
            assertEquals(
                    run.percentile(99.0),
                    back.percentile(99.0),
                    0.01 + run.percentile(99.0) * 0.005,
                    "p99 read back from the wrk2 text");
            assertEquals(run.requests, back.requests);
            assertEquals(run.achievedRate, back.achievedRate, 0.01);
        }
    }

    @Test
    void theRunRecordsTheFactoryOfTheNodeItMeasuredAndTheStudent() throws Exception {
        // A server JVM whose command line is a course node's, as ./course run starts one: course.runtime.Launcher
        // ... --factory CLASS (TestServerMain ignores the words; the load command reads them from /proc).
        try (TestServerProcess server =
                TestServerProcess.start(Author.LAUNCHER, "--factory", "solutions.stage1.Stage1Factory")) {
            Path json = dir.resolve("node.json");
            CommandRun o = load(words(QUICK_RUN + " --stage 1 --out %s", server.url(), json));
            assertEquals(0, o.code(), o.err());
            LoadRun run = Results.read(json, LoadRun.class);
            assertEquals("solutions.stage1.Stage1Factory", run.factory);
            assertEquals(FactorySource.NODE, run.factorySource);
            assertNull(run.student, "no --student and a node that is not the declared submission: nobody's name");
            assertTrue(o.err().contains("measuring solutions.stage1.Stage1Factory (the node's command line)"), o.err());
        }
    }

    @Test
    void aNodeThatCannotBeInspectedIsRecordedAsTheCheckoutsDeclaredSubmission() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            Path json = dir.resolve("declared.json");
            CommandRun o = load(words(QUICK_RUN + " --stage 1 --student alice --out %s", server.url(), json));
            assertEquals(0, o.code(), o.err());
            LoadRun run = Results.read(json, LoadRun.class);
            assertEquals("alice", run.student);
            assertEquals(Stages.ofThisRepository().declaration().factory(), run.factory);
            assertEquals(FactorySource.SUBMISSION, run.factorySource, "the in-process server is no launcher's node");
        }
    }

    @Test
    void badOptionsExitWithStatus2AndSayWhatIsWrong() {
        String url = "http://127.0.0.1:1";
        String[][] cases = {
            {"-R", "1000"},
            {"--url", url},
            {"--url", url, "-R", "fast"},
            {"--url", url, "-R", "0"},
            {"--url", url, "-R", "100", "-d", "soon"},
            {"--url", url, "-R", "100", "-c", "2", "-t", "4"},
            {"--url", url, "-R", "100", "--workload", "scan"},
            {"--url", url, "-R", "100", "--put-ratio", "0.3"},
            {"--url", url, "-R", "100", "--workload", "mixed", "--put-ratio", "2"},
            {"--url", url, "-R", "100", "--ack", "2"},
            {"--url", url, "-R", "100", "--ack", "3", "--from", "2"},
            {"--url", url, "-R", "100", "--key-order", "random"},
            {"--url", url, "-R", "100", "--pick", "first"},
            {"--url", url, "-R", "100", "--profile", "heap"},
            {"--url", url, "-R", "100", "--tool", "ab"},
            {"--url", url, "-R", "100", "--frobnicate"},
            {"--url", "https://localhost:8443", "-R", "100"},
            {"--url", "http://localhost:8080/v0/entity", "-R", "100"},
            {"--url", url, "-R"},
        };
        for (String[] args : cases) {
            CommandRun o = load(args);
            assertEquals(2, o.code(), String.join(" ", args) + " -> " + o.err());
            assertTrue(o.err().startsWith("course load: ") && o.err().length() > 30, "a clear message: " + o.err());
        }
    }

    @Test
    void anOutWhereTheFilesCannotGoIsRefusedBeforeTheRun() throws Exception {
        // Once the run went on, and its files failed to go to a folder that was a file: "course load: <path>", exit 1.
        Path file = Files.writeString(dir.resolve("notes.txt"), "a file");
        Path folder = Files.createDirectories(dir.resolve("folder.json"));
        try (TestHttpServer server = new TestHttpServer()) {
            String[][] cases = {
                {file.toString(), "is a file, not a folder"},
                {file.resolve("run.json").toString(), "is a file, not a folder"},
                {folder.toString(), "is a folder: give a new .json file name"},
            };
            for (String[] c : cases) {
                CommandRun o = load("--url", server.url(), "-R", "100", "-d", "1s", "--out", c[0]);
                assertEquals(2, o.code(), c[0] + " -> " + o.err());
                assertTrue(
                        o.err().startsWith("course load: --out " + c[0])
                                && o.err().contains(c[1]),
                        o.err());
            }
            CommandRun saturate =
                    CommandRun.saturate("--url", server.url(), "--step-duration", "1s", "--out", file.toString());
            assertEquals(2, saturate.code(), saturate.err());
            assertTrue(saturate.err().startsWith("course saturate: --out " + file), saturate.err());
            // A folder holding another search's files: their steps would be read as this one's.
            Path used = Files.createDirectories(dir.resolve("searched"));
            Files.writeString(used.resolve("saturation.json"), "{}");
            CommandRun again =
                    CommandRun.saturate("--url", server.url(), "--step-duration", "1s", "--out", used.toString());
            assertEquals(2, again.code(), again.err());
            assertTrue(again.err().contains("--out " + used + " already holds files"), again.err());
            assertEquals(0, server.requests(), "a request went out before the refusal");
        }
        assertEquals("a file", Files.readString(file));
    }

    @Test
    void moreConnectionsThanTheProcessMayOpenFilesAreRefused() throws Exception {
        // Once -c past ulimit -n ran anyway: connect errors only, or at a low rate not even those ("0 requests").
        // A soft limit of 512, below the hard limits of common systems (4096 and up): 300 is past it less the 256.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder limited = new ProcessBuilder(
                        "sh",
                        "-c",
                        "ulimit -n 512 && exec \"$0\" -cp \"$1\" course.load.LoadCommand --url http://127.0.0.1:1 -R 100"
                                + " -c 300",
                        java,
                        System.getProperty("java.class.path"))
                .redirectErrorStream(true);
        Process p = limited.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), output);
        assertTrue(
                output.contains("course load: -c 300 connections need as many sockets, but this process may have 512"
                        + " open files (ulimit -n)"),
                output);
    }

    @Test
    void anUnreachableTargetFailsBeforeTheRun() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CommandRun o = load("--url", "http://127.0.0.1:" + port, "-R", "100", "-d", "1s", "--out", dir.toString());
        assertEquals(1, o.code());
        assertTrue(o.err().contains("cannot connect to http://127.0.0.1:" + port), o.err());
        // The same message in the student repository, where ./course run refuses --stage.
        String advice = o.err()
                .lines()
                .filter(l -> l.contains("cannot connect"))
                .findFirst()
                .orElseThrow();
        assertTrue(advice.contains("./course run") && !advice.contains("--stage"), advice);
        assertTrue(!o.out().contains("Running"), "no run started: " + o.out());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no output file");
        }
    }

    @Test
    void helpExitsZero() {
        CommandRun o = load("--help");
        assertEquals(0, o.code());
        assertTrue(o.out().contains("usage: ./course load"));
        assertTrue(
                o.out().replaceAll("\\s+", " ").contains("--server-pid=PID The server JVM --profile attaches to"),
                o.out());
    }

    @Test
    void anUnknownStageIsRefusedWithTheListOfStages() {
        CommandRun o = load("--url", "http://127.0.0.1:1", "-R", "100", "--stage", "9");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("there is no stage 9; the stages are 1 (1-sync-server), 2 (2-executor)"), o.err());
    }

    @Test
    void withoutStageTheRunTakesTheSubmissionsOrSaysItCouldNotTell() throws Exception {
        Path repo = dir.resolve("repo");
        for (String stage : new String[] {"1-sync-server", "2-executor"}) {
            // A stage is its folder with its stage.yml (the registry refuses a folder without one).
            Path folder = Files.createDirectories(repo.resolve("stages/" + stage));
            Files.copy(
                    Path.of(System.getProperty("course.root")).resolve("stages/" + stage + "/stage.yml"),
                    folder.resolve("stage.yml"));
        }
        String before = System.getProperty("course.root");
        System.setProperty("course.root", repo.toString());
        try (TestHttpServer server = new TestHttpServer()) {
            CommandRun unknown = load(words(UNSTAGED_RUN, server.url(), dir.resolve("unknown.json")));
            assertEquals(0, unknown.code(), unknown.err());
            assertTrue(unknown.err().contains("could not tell the stage"), unknown.err());
            assertEquals(null, Results.read(dir.resolve("unknown.json"), LoadRun.class).stage);

            Path submission = repo.resolve("starter/student/src/main/resources/submission.properties");
            Files.createDirectories(submission.getParent());
            Files.writeString(submission, "factory=student.StudentServiceFactory\nstage=2\n");
            CommandRun declared = load(words(UNSTAGED_RUN, server.url(), dir.resolve("declared.json")));
            assertEquals(0, declared.code(), declared.err());
            assertTrue(
                    declared.err()
                            .contains("course load: stage 2 (stage=2 in "
                                    + submission
                                            .toString()
                                            .substring(repo.toString().length() + 1)),
                    declared.err());
            assertEquals(Integer.valueOf(2), Results.read(dir.resolve("declared.json"), LoadRun.class).stage);
        } finally {
            if (before == null) {
                System.clearProperty("course.root");
            } else {
                System.setProperty("course.root", before);
            }
        }
    }
}
