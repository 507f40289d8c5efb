package grading;

import static grading.RefusedOptions.assertRefused;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import course.harness.NodeStartCache;
import course.results.Grade;
import course.results.Results;
import course.results.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The grader end to end on small inputs: a reference, a submission that does not compile, a wrong stage. */
class GradeCommandTest {
    /** Whether bubblewrap works here: where it does not, these tests grade with --no-sandbox, as an instructor must. */
    static final boolean SANDBOX_WORKS = Sandbox.detect().problem() == null;

    static Grade grade(String... args) throws Exception {
        return grade(new ByteArrayOutputStream(), args);
    }

    /** {@link #grade}, with the lines it prints as it goes into {@code progress}. */
    static Grade grade(ByteArrayOutputStream progress, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of(args));
        if (!SANDBOX_WORKS) {
            line.add("--no-sandbox");
        }
        Grade g = GradeCommand.grade(GradeOptions.parse(line.toArray(String[]::new)), new PrintStream(progress, true));
        return g;
    }

    /** {@code args} and then {@code more}. */
    static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /**
     * The grade of the submission in {@code submission} as stage {@code stage}, written to {@code out}, with the
     * options {@code more}.
     */
    static Grade gradeSubmission(int stage, Path submission, Path out, String... more) throws Exception {
        return grade(
                with(new String[] {"--stage", "" + stage, "--submission", "" + submission, "--out", "" + out}, more));
    }

    /**
     * The grade of {@code factory} as a stage-{@code stage} node on the test classes {@code only}, written to
     * {@code out}, with the options {@code more}.
     */
    static Grade gradeOf(int stage, String factory, String only, Path out, String... more) throws Exception {
        return grade(with(
                new String[] {"--stage", "" + stage, "--factory", factory, "--only", only, "--out", "" + out}, more));
    }

    @Test
    void theStageOneReferenceGradedWithPerformanceRunsAsFastAsItself(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("perf.json");
        // Steps of 1 s instead of 3: the same path (both sides, a second measurement of a side the suite keeps busy,
        // the ratio or "not measured"), with a third of the saturating load beside the suite's other tests.
        // A store of its own for the reference's side: the course's would keep it for the grades that follow.
        Path store = dir.resolve("perf-reference");
        Grade g;
        TimedLines progress = new TimedLines();
        System.setProperty(Performance.REUSE_DIR_PROPERTY, store.toString());
        try {
            g = grade(
                    progress,
                    "--stage",
                    "1",
                    "--factory",
                    "solutions.stage1.Stage1Factory",
                    "--only",
                    "PersistenceTest",
                    "--out",
                    "" + out,
                    "--perf-step-seconds",
                    "1");
        } finally {
            System.clearProperty(Performance.REUSE_DIR_PROPERTY);
        }
        String notes = String.join("\n", g.notes());
        assertNull(g.performance().referenceReusedFrom(), "an empty store: the reference was measured");
        System.out.println(notes);
        assertTrue(g.performance() != null, notes);
        assertTrue(notes.contains("performance: GET through node 0 of 1"), notes);
        assertTrue(notes.contains("in steps of 1 s"), notes);
        // from the stage's standard GET rate, so that the runs go to the bisection near the node's capacity
        assertTrue(notes.contains("saturation search from 5000 requests/s"), notes);
        // "[steps: ..." after a rate found, "; steps: ..." where no step met the SLO (a busy suite run once)
        assertTrue(notes.contains("steps: 5.00k/s p99"), notes);
        int measurements = g.performance().attempts().size();
        assertTrue(measurements == 2 || measurements == 4, "both sides once, or both twice when busy: " + notes);
        assertTrue(notes.contains("performance: both sides were measured side by side"), notes);
        assertStepsTookTurns(progress);
        Grade back = Results.read(out, Grade.class);
        assertEquals(g.performance().ratio(), back.performance().ratio());
        assertEquals(measurements, back.performance().attempts().size());
        if (g.performance().notMeasured() != null) {
            // This machine was busy during both measurements of a side (measured in the grade, not assumed by the
            // test; a shared test machine often is): the grade publishes no ratio and says so, with what was seen.
            assertEquals(Grade.NotMeasured.BUSY, g.performance().notMeasured().reason());
            assertEquals(null, g.performance().ratio());
            assertTrue(g.performance().attempts().stream().anyMatch(Grade.Attempt::contended), notes);
            assertTrue(notes.contains("performance: not measured: the machine was busy"), notes);
            assertTrue(
                    g.durationSeconds() < 60 + Performance.SIDE_TIME_LIMIT.toSeconds() * measurements,
                    "took " + g.durationSeconds() + " s");
            return;
        }
        assertTrue(
                g.performance().submission() != null && g.performance().reference() != null,
                "both sustained runs expected: " + notes);
        // measured quiet: kept for the grades that follow, whole
        List<Path> kept;
        try (var files = Files.list(store)) {
            kept = files.toList();
        }
        assertEquals(1, kept.size(), "the reference's quiet side is kept: " + kept);
        assertEquals(
                g.performance().reference().rate,
                Results.mapper()
                        .readTree(kept.get(0).toFile())
                        .get("sides")
                        .get(0)
                        .get("sustained")
                        .get("rate")
                        .asDouble(),
                Files.readString(kept.get(0)));
        assertTrue(g.performance().ratioRange() != null, notes);
        assertTrue(
                notes.contains(
                        "performance: how sure the ratio " + g.performance().ratio() + " is"),
                notes);
        assertEquals("get", g.performance().submission().workload.name);
        assertEquals(
                g.performance().submission().rate / g.performance().reference().rate,
                g.performance().ratio(),
                0.01);
        // The same code on the same machine: equal up to the search's resolution and the machine's noise.
        assertTrue(
                g.performance().ratio() >= 0.5 && g.performance().ratio() <= 2,
                "ratio " + g.performance().ratio() + ": " + notes);
        // about 45 s a measurement, and the one test class
        assertTrue(g.durationSeconds() < 60 + 45 * measurements, "took " + g.durationSeconds() + " s");
    }

    /** What a grade prints as it goes, each line with the time it was printed. */
    private static final class TimedLines extends ByteArrayOutputStream {
        final List<String> lines = new ArrayList<>();
        final List<Long> nanos = new ArrayList<>();
        private int lineStart;

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, len);
            byte[] all = toByteArray();
            for (int i = lineStart; i < all.length; i++) {
                if (all[i] == '\n') {
                    lines.add(new String(all, lineStart, i - lineStart, UTF_8));
                    nanos.add(System.nanoTime());
                    lineStart = i + 1;
                }
            }
        }
    }

    /**
     * The two searches' steps took turns: each step's line comes when its run has ended, and a step of one side
     * that ends after a step of the other ran wholly after it, so the two lines are at least a step (1 s here) apart,
     * where two sides loading the machine at once end their steps together. A step run again on a contended CPU
     * prints nothing for its first run, so a side's lines may follow each other; both sides must show steps.
     */
    private static void assertStepsTookTurns(TimedLines progress) {
        List<String> sides = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (int i = 0; i < progress.lines.size(); i++) {
            String l = progress.lines.get(i);
            if (l.matches("\\s*(submission|reference)\\s+step \\d+: .* -> .*")) {
                sides.add(l.strip().startsWith("submission") ? "S" : "R");
                at.add(progress.nanos.get(i));
            }
        }
        String all = String.join("\n", progress.lines);
        String order = String.join("", sides);
        assertTrue(order.contains("S") && order.contains("R"), "both sides' steps expected: " + order + "\n" + all);
        for (int i = 1; i < sides.size(); i++) {
            double apart = (at.get(i) - at.get(i - 1)) / 1e9;
            assertTrue(
                    sides.get(i).equals(sides.get(i - 1)) || apart >= 0.9,
                    "steps " + i + " and " + (i + 1) + " of " + order + " (one of each side) ended " + apart
                            + " s apart: the sides ran at once\n" + all);
        }
    }

    static Optional<TestResult> named(Grade g, String name) {
        return g.tests().stream().filter(t -> t.name().equals(name)).findFirst();
    }

    @Test
    void aFailingParameterizedTestCostsPoints(@TempDir Path dir) throws Exception {
        // Its invocations exist only while it runs; once the grade left such tests out, and a mutant that never
        // forwards (caught only by a parameterized test) kept every point.
        Grade g = gradeOf(
                3,
                "grading.mutants.stage3.NoForwarding",
                "EveryNodeServesEveryKeyTest",
                dir.resolve("g.json"),
                "--no-perf");
        var test = named(g, "EveryNodeServesEveryKeyTest.everyOperationThroughEveryNode");
        assertTrue(
                test.isPresent(),
                "the parameterized test is missing from the grade: "
                        + g.tests().stream().map(TestResult::name).toList());
        assertEquals("failed", test.get().outcome());
        assertTrue(
                g.score().earned() < g.score().max(),
                g.score().earned() + " of " + g.score().max());
    }

    @Test
    void aFailureFileIsNamedByTheGradesFolderNeverByAPathOfTheGradingMachine(@TempDir Path dir) throws Exception {
        // The message once named the folder as an absolute path of the grading machine, which a student never sees.
        // A node that stores a PUT without from= on a majority only leaves the third replica without the writes of its
        // keys, so every grade of it fails the history test (7-8 of 654 operations in 3 of 3 grades): one grade is
        // enough. LastArrivalWins, used before, broke it only when writes happened to arrive out of order, and all 3
        // grades of it passed once in a suite run.
        Path out = dir.resolve("alice-stage4.json");
        Grade g = gradeOf(
                4,
                "grading.mutants.stage4.PutFromDefaultIsAMajority",
                "ConcurrentClientsHistoryTest",
                out,
                "--no-perf");
        TestResult history = g.tests().stream()
                .filter(t -> t.name().startsWith("ConcurrentClientsHistoryTest."))
                .findFirst()
                .orElseThrow();
        assertEquals("failed", history.outcome(), history.message());
        String file = "stage4-concurrent-history-seed" + g.seed() + ".html";
        assertTrue(
                history.message()
                        .contains("the history is drawn in alice-stage4-files/" + file
                                + " (the grade's folder of failure files, next to the grade document)"),
                history.message());
        assertFalse(history.message().contains(dir.toString()), history.message());
        assertTrue(Files.isRegularFile(dir.resolve("alice-stage4-files").resolve(file)), String.join("\n", g.notes()));
    }

    @Test
    void restartOnTheSameObjectIsCheckedWithAJvmPerNodeToo(@TempDir Path dir) throws Exception {
        // The grader runs every node in a JVM of its own; stop and start still reach the same service object.
        Grade g = gradeOf(
                1, "grading.mutants.stage1.NotRestartable", "PersistenceTest", dir.resolve("g.json"), "--no-perf");
        var restart =
                named(g, "PersistenceTest.dataSurvivesRestartOfTheSameObject").orElseThrow();
        assertFalse(
                "passed".equals(restart.outcome()), "a service that cannot start twice passed: " + restart.message());
        assertTrue(restart.message().contains("same object"), restart.message());
    }

    @Test
    void aSubmissionThatDoesNotCompileGetsAGradeWithTheCompilerMessage(@TempDir Path dir) throws Exception {
        Path repo = dir.resolve("repo");
        Submissions.write(
                repo,
                "starter/student/src/main/java/student/StudentServiceFactory.java",
                "package student; public class StudentServiceFactory { int x = ; }");
        Submissions.write(
                repo,
                "starter/student/src/main/resources/submission.properties",
                "factory=student.StudentServiceFactory\nstage=1\n");
        // Files outside src/main are the student's too, but never the grader's business.
        Submissions.write(repo, "starter/student/src/test/java/course/tests/stage1/EntityProtocolTest.java", "garbage");
        Submissions.write(repo, "starter/student/pom.xml", "<project/>");
        Grade g = gradeSubmission(1, repo, dir.resolve("g.json"), "--no-perf");
        String notes = String.join("\n", g.notes());
        assertTrue(notes.contains("does not compile") && notes.contains("StudentServiceFactory.java"), notes);
        assertTrue(
                notes.contains("took 2 file(s)") && !notes.contains("pom.xml") && !notes.contains("src/test"), notes);
        assertEquals(0, g.score().earned());
        assertTrue(g.score().max() > 0, "the max must be the stage's full points");
        assertTrue(Files.exists(dir.resolve("g.json")));
        assertNull(g.sandboxed(), "no test ran, so the grade cannot say it ran sandboxed");
    }

    @Test
    void aSubmissionWhoseDeclaredFactoryTheTestsCannotStartRunsNoTestAndIsToldItsFactories(@TempDir Path dir)
            throws Exception {
        // Once every test of the stage started the misspelt class and failed on its own, the same way, one by one.
        Path starter = dir.resolve("student");
        Submissions.write(
                starter,
                "src/main/java/student/StudentServiceFactory.java",
                "package student; public class StudentServiceFactory implements course.contract.ServiceFactory {"
                        + " public course.contract.Service create(course.contract.ServiceConfig c) { return null; } }");
        Submissions.write(
                starter, "src/main/resources/submission.properties", "factory=student.StudentServicFactory\nstage=1\n");
        Grade g = gradeSubmission(1, starter, dir.resolve("g.json"), "--no-perf");
        String notes = String.join("\n", g.notes());
        assertTrue(
                notes.contains("submission.properties declares factory=student.StudentServicFactory, which the tests"
                        + " cannot start: there is no class student.StudentServicFactory. The submission's factories:"
                        + " student.StudentServiceFactory;"),
                notes);
        assertTrue(g.tests().isEmpty(), "tests ran: " + g.tests());
        assertEquals(0, g.score().earned());
        assertTrue(g.score().max() > 0, "the max must be the stage's full points");
        assertNull(g.sandboxed(), "no test ran, so the grade cannot say it ran sandboxed");
    }

    @Test
    void aSubmissionThatDeclaresAnEarlierStageIsNotGradedForALaterOne(@TempDir Path dir) throws Exception {
        Path starter = dir.resolve("student");
        Submissions.write(starter, "src/main/java/student/StudentServiceFactory.java", "package student; class X {}");
        Submissions.write(starter, "src/main/resources/submission.properties", "factory=student.X\nstage=1\n");
        Grade g = gradeSubmission(2, starter, dir.resolve("g.json"), "--no-perf");
        assertTrue(String.join("\n", g.notes()).contains("declares stage 1"), String.join("\n", g.notes()));
        assertTrue(g.tests().isEmpty());
    }

    @Test
    void aSubmissionOnTheProvidedStorageEarnsNoStoragePoints(@TempDir Path dir) throws Exception {
        // The first-hour solution of the publish tests: one-nio in front of course.storage.lsm.LsmStorage.
        Path course = Path.of(System.getProperty("course.root"));
        Path starter = dir.resolve("student");
        Files.createDirectories(starter.resolve("src/main/java/student"));
        Files.copy(
                course.resolve("publish/tests/fixtures/stage1-first-hour/StudentService.java"),
                starter.resolve("src/main/java/student/StudentService.java"));
        Files.copy(
                course.resolve("starter/student/src/main/java/student/StudentServiceFactory.java"),
                starter.resolve("src/main/java/student/StudentServiceFactory.java"));
        Submissions.write(
                starter,
                "src/main/resources/submission.properties",
                "factory=student.StudentServiceFactory\nstage=1\n");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Grade g = grade(
                progress,
                "--stage",
                "1",
                "--submission",
                starter.toString(),
                "--out",
                dir.resolve("g.json").toString(),
                "--only",
                "KeyOrderTest",
                "--no-perf",
                "--export",
                "gradescope");
        String notes = String.join("\n", g.notes());
        if (Runtime.version().feature() >= NodeStartCache.JDK) {
            // One test class starts too few node JVMs to gain from a cache of what they load as they start.
            assertTrue(
                    progress.toString(UTF_8)
                            .contains("node JVMs start without a class cache (1 test class(es), fewer than "
                                    + NodeStartTraining.MIN_CLASSES),
                    progress.toString(UTF_8));
        }
        assertEquals(
                List.of(),
                GradeCommand.notPassed(g).stream()
                        .map(t -> t.name() + ": " + t.message())
                        .toList(),
                notes);
        Grade.Part storage = g.score().breakdown().stream()
                .filter(p -> p.category().equals("storage"))
                .findFirst()
                .orElseThrow();
        assertTrue(storage.max() > 0, "the storage test should be worth points");
        assertEquals(0, storage.earned(), notes);
        assertEquals(0, g.score().earned(), notes);
        assertTrue(notes.contains("uses the provided storage engine"), notes);
        var gradescope = Results.mapper().readTree(Files.readString(dir.resolve("results.json")));
        assertEquals(0, gradescope.get("score").asDouble(), 0.001);
        gradescope.get("tests").forEach(t -> assertEquals(0, t.get("score").asDouble(), 0.001, t.toString()));
    }

    @Test
    void badOptionsSayWhatIsWrong() {
        assertRefused("--stage 1", "--submission");
        assertRefused("--stage x --factory a.B", "--stage 'x' is not a whole number; give one from 1 to 10");
        assertFalse(GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B", "--no-perf"})
                .perf());
        assertRefused("--stage 9 --factory a.B", "there is no stage 9; the stages are 1 (1-sync-server)");
        assertRefused("--stage 1 --factory a.B --export csv", "--export knows only 'gradescope'");
        assertRefused("--stage 1 --factory a.B --frobnicate", "Unknown option: '--frobnicate'");
        assertRefused("--stage 1 --factory a.B --test-jvms 0", "--test-jvms");
        // Once the grade ran to its end and then failed to be written: "course grade: <path>".
        assertRefused("--stage 1 --factory a.B --out pom.xml/g.json", "pom.xml is a file, not a folder");
        assertRefused("--stage 1 --factory a.B --out src", "--out src is a folder: give the grade's file");
        assertRefused("--stage 1 --gradescope-zip pom.xml/z.zip", "pom.xml is a file, not a folder");
        assertEquals(
                1,
                GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B", "--test-jvms", "1"})
                        .limits()
                        .testJvmsHere());
        GradeOptions zip =
                GradeOptions.parse(new String[] {"--stage", "1", "--gradescope-zip", "a.zip", "--test-jvms", "1"});
        assertTrue(
                String.join(" ", zip.gradeOptionsForEverySubmission()).contains("--test-jvms 1"),
                "the zip's grades would run two test JVMs: " + zip.gradeOptionsForEverySubmission());
        assertTrue(GradeArgs.usage().startsWith("usage: ./course grade --stage N --submission DIR"), GradeArgs.usage());
    }

    @Test
    void theLengthOfAPerformanceStepIsCheckedKeptByTheZipAndReplayed() {
        assertRefused("--stage 1 --factory a.B --perf-step-seconds 0", "--perf-step-seconds");
        assertRefused("--stage 1 --factory a.B --no-perf --perf-step-seconds 2", "give one of them");
        assertEquals(
                Performance.STEP_SECONDS,
                GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B"})
                        .perfStepSeconds());
        GradeOptions quick =
                GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B", "--perf-step-seconds", "1"});
        assertTrue(
                GradeCommand.replayCommand(quick, 7).contains(" --perf-step-seconds 1 "),
                "the replay measures" + " otherwise: " + GradeCommand.replayCommand(quick, 7));
        GradeOptions fresh =
                GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B", "--perf-fresh-reference"});
        assertTrue(fresh.freshReference());
        assertTrue(
                GradeCommand.replayCommand(fresh, 7).contains(" --perf-fresh-reference"),
                GradeCommand.replayCommand(fresh, 7));
        assertFalse(GradeCommand.replayCommand(quick, 7).contains("--perf-fresh-reference"));
        assertRefused(
                "--stage 1 --factory a.B --no-perf --perf-fresh-reference",
                "--perf-fresh-reference sets the performance run");
        GradeOptions zip = GradeOptions.parse(
                new String[] {"--stage", "1", "--gradescope-zip", "a.zip", "--perf-step-seconds", "2"});
        assertTrue(
                String.join(" ", zip.gradeOptionsForEverySubmission()).contains("--perf-step-seconds 2"),
                "the zip's grades would measure with the default steps: " + zip.gradeOptionsForEverySubmission());
    }

    @Test
    void noSandboxIsSaidWhereverAGradeIsMadeOrReplayed() {
        GradeOptions zip = GradeOptions.parse(
                new String[] {"--stage", "1", "--gradescope-zip", "a.zip", "--no-perf", "--no-sandbox"});
        assertTrue(zip.gradeOptionsForEverySubmission().contains("--no-sandbox"), "the zip's grades would be refused");
        assertTrue(
                GradeOptions.parse(new String[] {"--stage", "1", "--gradescope-zip", "a.zip"})
                        .gradeOptionsForEverySubmission()
                        .stream()
                        .noneMatch("--no-sandbox"::equals));
        GradeOptions bare = GradeOptions.parse(new String[] {"--stage", "1", "--factory", "a.B", "--no-sandbox"});
        assertFalse(bare.sandbox());
        assertTrue(GradeCommand.replayCommand(bare, 7).contains(" --no-sandbox "), GradeCommand.replayCommand(bare, 7));
        assertFalse(GradeOptions.parse(new String[] {"--mutant-matrix", "--isolated", "--no-sandbox"})
                .sandbox());
        assertRefused("--mutant-matrix --no-sandbox", "--no-sandbox goes with --mutant-matrix --isolated");
        assertTrue(GradeArgs.usage().contains("--no-sandbox grades without it"), GradeArgs.usage());
    }

    /** The grader's main in a process of its own, as ./course grade starts it; its exit code, stdout and stderr. */
    record Run(int code, String out, String err) {}

    static Run runGrader(List<String> prefix, String... args) throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dcourse.root=" + GradeCommand.courseRoot(),
                "-cp",
                System.getProperty("java.class.path"),
                GradeCommand.class.getName()));
        command.addAll(List.of(args));
        Path dir = Files.createTempDirectory("grade-command-test-");
        Process p = new ProcessBuilder(command)
                .redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile())
                .start();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the grader did not end within 10 minutes: " + command);
        Run run = new Run(p.exitValue(), Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")));
        Files.delete(dir.resolve("out"));
        Files.delete(dir.resolve("err"));
        Files.delete(dir);
        return run;
    }

    @Test
    void anOnlyThatMatchesNoTestClassIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        // Once this graded 0 of 0 points and exited 0, as if a grade had been made.
        Path out = dir.resolve("g.json");
        Run run = runGrader(
                List.of(),
                "--stage",
                "1",
                "--factory",
                "solutions.stage1.Stage1Factory",
                "--only",
                "NoSuchTest",
                "--no-perf",
                "--out",
                out.toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(
                run.err().startsWith("course grade: --only 'NoSuchTest' matches no test class of stages 1..1; "),
                run.err());
        assertTrue(run.err().contains("EntityProtocolTest") && run.err().contains("KeyOrderTest"), run.err());
        assertFalse(run.err().contains("OverloadTest"), "a stage-2 test offered for stage 1: " + run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(Files.exists(out), "a refused grade wrote a document");
        assertEquals("", run.out());
    }

    @Test
    void aFactoryThatIsNoneOfTheCoursesIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("g.json");
        Run run =
                runGrader(List.of(), "--stage", "1", "--factory", "solutions.stage1.Stage1Factroy", "--out", "" + out);
        assertEquals(2, run.code(), run.err());
        assertTrue(
                run.err()
                        .startsWith(
                                "course grade: --factory solutions.stage1.Stage1Factroy is not a factory the tests"
                                        + " can start: there is no class solutions.stage1.Stage1Factroy in the course's code. "),
                run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertFalse(Files.exists(out), "a refused grade wrote a document");
        assertEquals("", run.out());
    }

    @Test
    void whereBubblewrapFailsTheGradeIsRefusedUnlessTheInstructorSaysNoSandbox(@TempDir Path dir) throws Exception {
        // As in many containers: bwrap is installed but cannot create its namespaces. A bwrap that may not create
        // user namespaces below it (--disable-userns) makes this machine such a place, for real.
        assumeTrue(SANDBOX_WORKS, "bubblewrap does not work here, so it cannot make a place where it does not");
        List<String> noUserNamespaces =
                List.of(Sandbox.detect().bwrap(), "--dev-bind", "/", "/", "--unshare-user", "--disable-userns", "--");
        Process probe = new ProcessBuilder(noUserNamespaces.get(0), "--version").start();
        assumeTrue(
                probe.waitFor() == 0
                        && !new String(probe.getInputStream().readAllBytes(), UTF_8)
                                .matches("(?s)bubblewrap 0\\.[0-7]\\..*"),
                "this bwrap is older than 0.8 (no --disable-userns)");
        Path out = dir.resolve("g.json");

        String[] oneNode = {
            "--stage", "1", "--factory", "solutions.stage1.Stage1Factory", "--only", "OnePortOneNodeTest", "--no-perf"
        };
        Run refused = runGrader(noUserNamespaces, with(oneNode, "--out", out.toString()));
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(
                refused.err().startsWith("course grade: the bubblewrap sandbox does not work on this machine ("),
                refused.err());
        assertTrue(refused.err().contains("or grade with --no-sandbox"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertFalse(Files.exists(out), "a refused grade wrote a document");

        Run bare = runGrader(noUserNamespaces, with(oneNode, "--no-sandbox", "--out", out.toString()));
        assertEquals(0, bare.code(), bare.out() + bare.err());
        Grade g = Results.read(out, Grade.class);
        assertEquals(false, g.sandboxed(), "the grade must say it ran without the sandbox");
        assertTrue(
                g.notes().stream().anyMatch(n -> n.startsWith("--no-sandbox: the tests ran WITHOUT a sandbox")),
                String.join("\n", g.notes()));
        assertTrue(
                !g.tests().isEmpty() && g.score().earned() == g.score().max(),
                bare.out() + String.join("\n", g.notes()));
    }
}
