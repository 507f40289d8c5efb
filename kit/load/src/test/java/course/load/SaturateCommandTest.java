package course.load;

import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.FactorySource;
import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code course saturate} against a server that can do about 1000 requests/s (one answer per ms of wall-clock time). */
class SaturateCommandTest {
    @TempDir
    Path dir;

    @Test
    void findsTheCapacityOfASlowServerAndSavesEveryStep() throws Exception {
        try (TestHttpServer server = new TestHttpServer().serviceMicros(1000)) {
            CommandRun run = CommandRun.saturate(words(
                    "--url %s --start-rate 250 --step-duration 2s --pause 200ms --resolution 10% --p99-ms 200 -c 32"
                            + " -t 2 --max-steps 10 --no-stabilize --no-progress --student alice --out %s",
                    server.url(), dir));
            String printed = run.out();
            System.out.println(printed);
            assertEquals(0, run.code(), run.err());
            Saturation doc = Results.read(dir.resolve("saturation.json"), Saturation.class);
            assertNotNull(doc.result.sustainedRate, printed);
            assertEquals("alice", doc.student, "the search records who it measured");
            assertEquals(FactorySource.SUBMISSION, doc.factorySource, "the in-process server is no launcher's node");
            // Never above what the server can do. On a quiet machine it finds about 1000, but other load on the test
            // machine can fail steps early, so the lower bound only says the search found a sensible rate, and only
            // where no step stayed contended: in a fresh clone's suite the other test JVMs took both CPUs (CPU
            // pressure 90-98% in every step), and the search ended at 125 saying its result was NOT TRUSTED.
            assertTrue(doc.result.sustainedRate <= 1100, "above the server's 1000 requests/s: " + printed);
            if (doc.contendedSteps().isEmpty()) {
                assertTrue(doc.result.sustainedRate >= 150, "about the server's 1000 requests/s: " + printed);
            } else {
                assertTrue(
                        doc.result.note.contains("NOT TRUSTED"),
                        "steps stayed contended, and the result does not say it is not to be trusted: " + printed);
            }
            assertTrue(doc.steps.size() >= 4 && doc.steps.size() <= 10, printed);
            for (Saturation.Step step : doc.steps) {
                LoadRun stepRun = Results.read(dir.resolve(step.file), LoadRun.class);
                assertEquals(step.rate, stepRun.rate);
                assertEquals("alice", stepRun.student);
                assertEquals(doc.factory, stepRun.factory);
                assertTrue(stepRun.source.command.startsWith("course load -R "), stepRun.source.command);
            }
            assertTrue(printed.contains("Sustained rate: "), printed);
        }
    }

    /**
     * A search of 1-s steps from 200 requests/s on 2 connections, without warm-up, whose runs {@code contention}
     * judges, saved in {@link #dir}; {@code options} bound it.
     */
    private CommandRun search(TestHttpServer server, ContentionSource contention, String options) {
        return CommandRun.of(
                (out, err) -> new SaturateCommand(out, err, contention),
                words(
                        "--url %s --start-rate 200 --step-duration 1s --pause 100ms -c 2 -t 1 --warmup 0"
                                + " --no-stabilize --out %s " + options,
                        server.url(),
                        dir));
    }

    @Test
    void eachStepsProgressLinesStartWithTheStepTheyBelongTo() throws Exception {
        // judged quiet: a contended step's repeat would take the second of the two runs
        try (TestHttpServer server = new TestHttpServer()) {
            CommandRun run = search(server, QUIET, "--max-rate 400 --max-steps 2");
            assertEquals(0, run.code(), run.err());
            String progress = run.err();
            int first = progress.indexOf("step 1: 200 requests/s for 1 s");
            int second = progress.indexOf("step 2: ");
            assertTrue(first >= 0 && second > first, progress);
            // the per-second lines of step 2 come after its header, not run on from step 1's
            assertTrue(progress.indexOf("1.0s]", second) > second, progress);
        }
    }

    /** Every run of a search judged by it has these figures: a fixed reading instead of the machine's counters. */
    private static ContentionSource reading(double otherSeconds, double otherPercent, double psi, double steal) {
        return targets -> () -> {
            LoadRun.Contention c = LoadRun.Contention.of(psi, steal, otherSeconds, otherPercent);
            c.thresholds = ContentionRule.thresholds();
            return c;
        };
    }

    /**
     * Every run of this search is judged contended: the figures come from a fixed reading instead of the test
     * machine's counters, so the rule, the flags, the repeats and the budget run as on a busy machine, against a real
     * server, whatever the machine is doing.
     */
    private static final ContentionSource BUSY = reading(1.2, 60.0, 45.0, 0.1);

    /** Every run of this search is judged quiet, however busy the test machine is (as {@link #BUSY}). */
    private static final ContentionSource QUIET = reading(0.02, 1.0, 2.0, 0.0);

    @Test
    void maxStepsBoundsEveryRunContentionRepeatsIncludedAndAContendedResultIsNotTrusted() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            CommandRun run = search(server, BUSY, "--max-rate 100000 --max-steps 3 --no-progress");
            System.out.println(run.out());
            assertEquals(0, run.code(), run.err());
            List<String> runs;
            try (Stream<Path> files = Files.list(dir)) {
                runs = files.map(f -> f.getFileName().toString())
                        .filter(f -> f.matches("step-.*\\.json"))
                        .sorted()
                        .toList();
            }
            assertEquals(3, runs.size(), "--max-steps 3 is three runs, repeats included: " + runs + "\n" + run.out());
            Saturation doc = Results.read(dir.resolve("saturation.json"), Saturation.class);
            int counted = doc.steps.stream()
                    .mapToInt(st -> 1 + (st.repeatedForContention == null ? 0 : st.repeatedForContention))
                    .sum();
            assertEquals(3, counted, run.out());
            assertEquals(doc.steps.size(), doc.contendedSteps().size(), "every kept run stays flagged: " + run.out());
            assertTrue(
                    doc.result.note.contains("NOT TRUSTED: the CPU was contended during " + doc.steps.size() + " of "
                            + doc.steps.size() + " steps"),
                    doc.result.note);
            assertTrue(
                    doc.result.note.contains("requests/s: --max-steps had no run left"),
                    "the step not repeated says why: " + doc.result.note);
            assertTrue(
                    run.out()
                            .contains("run again: the CPU was contended (other processes 60% of the CPUs, CPU"
                                    + " pressure 45%, steal 0%)"),
                    "what was seen is printed: " + run.out());
            assertTrue(run.out().contains("NOT TRUSTED"), run.out());
        }
    }

    @Test
    void stopWhenContendedEndsTheSearchAtTheFirstStepStillContendedAfterItsRepeat() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            CommandRun run =
                    search(server, BUSY, "--max-rate 100000 --max-steps 8 --stop-when-contended --no-progress");
            assertEquals(0, run.code(), run.err());
            Saturation doc = Results.read(dir.resolve("saturation.json"), Saturation.class);
            assertEquals(1, doc.steps.size(), "the first step, contended twice, ends it: " + run.out());
            assertEquals(1, doc.steps.get(0).repeatedForContention, run.out());
            assertTrue(
                    doc.result.note.startsWith("stopped after 2 runs: the CPU was contended at 200 requests/s even"
                            + " after a repeat (--stop-when-contended)"),
                    doc.result.note);
            assertTrue(doc.result.note.contains("NOT TRUSTED"), doc.result.note);
        }
    }

    @Test
    void aQuietMachinesSearchIsNotMarked() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            CommandRun run = search(server, QUIET, "--max-rate 400 --max-steps 2 --no-progress");
            assertEquals(0, run.code(), run.err());
            Saturation doc = Results.read(dir.resolve("saturation.json"), Saturation.class);
            assertTrue(doc.contendedSteps().isEmpty(), run.out());
            assertFalse(doc.result.note.contains("NOT TRUSTED") || run.out().contains("run again"), run.out());
        }
    }

    @Test
    void aMaxStepsOutsideItsRangeIsRefused() {
        for (String bad : List.of("0", "101", "many")) {
            CommandRun run = CommandRun.saturate("--url", "http://127.0.0.1:1", "--max-steps", bad);
            assertEquals(2, run.code(), run.err());
            assertTrue(run.err().startsWith("course saturate: --max-steps"), run.err());
        }
    }

    @Test
    void rejectsLoadOnlyOptions() {
        CommandRun run = CommandRun.saturate("--url", "http://127.0.0.1:1", "-R", "100");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--start-rate"), run.err());
    }

    @Test
    void profilingOptionsAreRefusedForTheyWouldDoNothing() {
        CommandRun run = CommandRun.saturate("--url", "http://127.0.0.1:1", "--server-pid", "42");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--server-pid") && run.err().contains("./course load"), run.err());
    }

    /** The shared options' texts are load's; where saturate does otherwise, its help says what saturate does. */
    @Test
    void helpDescribesSaturatesOwnOutputAndNoProfilingOption() {
        CommandRun run = CommandRun.saturate("--help");
        assertEquals(0, run.code(), run.err());
        String out = run.out().replaceAll("\\s+", " ");
        assertTrue(
                out.contains("--out=PATH The folder of the steps and saturation.json. Default:"
                        + " results/saturate/<time>/."),
                run.out());
        assertTrue(!out.contains("results/load/"), "load's --out default: " + run.out());
        assertTrue(
                !out.contains("--server-pid=") && !out.contains("JVM to profile"), "a profiling option: " + run.out());
        assertTrue(
                out.contains("--max-steps=N Bound on the number of runs, every repeat (of a missed step, of a"
                        + " contended step) included."),
                run.out());
        assertTrue(
                out.contains("a search never makes more than --max-steps runs")
                        && out.contains("the result is marked NOT TRUSTED"),
                run.out());
    }

    @Test
    void anUnknownStageIsRefusedWithTheListOfStages() {
        CommandRun run = CommandRun.saturate("--url", "http://127.0.0.1:1", "--stage", "9");
        assertEquals(2, run.code());
        assertTrue(
                run.err().startsWith("course saturate: there is no stage 9; the stages are 1 (1-sync-server)"),
                run.err());
    }
}
