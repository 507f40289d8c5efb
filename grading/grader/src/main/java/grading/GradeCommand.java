package grading;

import course.results.Environment;
import course.results.Grade;
import course.results.Results;
import course.results.TestResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code ./course grade}: takes only the student's own files, builds them in a pristine workspace, runs the public
 * and hidden tests of stages 1..N in a sandboxed JVM (every node a JVM of its own), and writes one grade document.
 * A submission that does not compile, start or finish still gets a grade that says why.
 */
public final class GradeCommand {
    private GradeCommand() {}

    public static void main(String[] args) {
        // exit at once, whatever the outcome: threads a mutant of the matrix left behind must not keep this JVM alive
        System.exit(GradeArgs.execute(args, System.out, System.err));
    }

    /**
     * Does what the options ask: the mutant matrix, Gradescope's autograder zip, or a grade with its summary on
     * {@code out}; progress goes to {@code err}. Returns the exit status.
     */
    static int run(GradeOptions o, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        if (o.mutantMatrix()) {
            return (o.isolated() ? IsolatedMutantMatrix.run(out, o.sandbox()) : MutantMatrixCommand.run(o.out(), out))
                    ? 0
                    : 1;
        }
        if (o.checkSandbox()) {
            String problem = Sandbox.detect().problem();
            if (problem == null) {
                out.println("grade: the bubblewrap sandbox works here (a command ran in it as a grade starts its"
                        + " tests)");
                return 0;
            }
            err.println("course grade: the bubblewrap sandbox does not work here: " + problem);
            return 2;
        }
        if (o.gradescopeZip() != null) {
            GradescopeAutograder.write(courseRoot(), o);
            out.println("grade: Gradescope's autograder for stage " + o.stage() + " written to " + o.gradescopeZip()
                    + " (upload it as the assignment's autograder zip; a grade stops after "
                    + o.autograderTimeLimit().toSeconds() + " s, performance included: set the assignment's"
                    + " autograder timeout above that, and read grading/README.md for its CPUs and memory)");
            return 0;
        }
        out.print(Summary.of(grade(o, err), o.out()));
        out.flush();
        return 0;
    }

    /**
     * Grades and writes the grade document (and the Gradescope export); progress goes to {@code progress}. Bad input
     * (an --only that matches no test, a --factory that is no factory of the course, a sandbox that does not work
     * without --no-sandbox) is a GradeException thrown before anything is copied, compiled or started. Each step
     * returns what it found (the code taken, the tests' outcome with their second run, the points the provided storage
     * engine withholds, the performance part) and the grade is built from them at the end, with the notes in the order
     * the steps ran.
     */
    static Grade grade(GradeOptions o, PrintStream progress) throws IOException, InterruptedException {
        long start = System.nanoTime();
        TestClasses.checkOnly(o.stage(), o.only());
        if (o.submission() == null) {
            FactoryClass.refuseUnlessCourseFactory(o.factory());
        }
        Sandbox sandbox = Sandbox.forGrade(o.sandbox());
        Weights weights = Weights.load();
        String createdAt = Instant.now().toString();
        Environment environment = Environment.probe();
        long seed = o.seed() != null ? o.seed() : new SecureRandom().nextLong();
        List<String> notes = new ArrayList<>();
        TestOutcome outcome;
        Boolean sandboxed = null;
        Performance.Measured measured = null;
        try (Workspace ws = new Workspace()) {
            Intake intake = Intake.take(o, ws, progress);
            notes.addAll(intake.notes());
            if (intake.runnable()) {
                notes.addAll(sandbox.notes(o.limits()));
                sandboxed = sandbox.isolated();
                ws.openForSandbox();
                progress.println("grade: running the public and hidden tests of stages 1.." + o.stage() + " against "
                        + intake.factory() + (sandbox.isolated() ? " in a bubblewrap sandbox" : " WITHOUT a sandbox"));
                String replay = replayCommand(o, seed);
                Path artifactsDir = FailureFilesFolder.folderFor(o.out());
                progress.println("grade: seed " + seed + " (replay: " + replay + ")");
                TestRunSetup tests = new TestRunSetup(
                        ws,
                        sandbox,
                        o.limits(),
                        intake.factory(),
                        o.stage(),
                        new TestJvm.Selection(
                                TestClasses.packages(o.stage()),
                                o.only(),
                                List.of(),
                                seed,
                                replay,
                                artifactsDir,
                                null));
                NodeStartTraining.make(tests, progress);
                ClassBudgets.Run budgeted = TestLanes.run(tests, progress);
                notes.addAll(budgeted.notes());
                Rerun rerun = Rerun.after(
                        budgeted.outcome(),
                        budgeted::rerunnable,
                        again -> TestJvm.run(
                                tests.withLimits(o.limits().forRerun())
                                        .withSelection(tests.selection().justTests(again)),
                                null,
                                progress),
                        progress);
                rerun.skipped().ifPresent(notes::add);
                outcome = TestOutcome.of(rerun, weights);
                if (o.submission() != null && ProvidedStorageUse.in(ws.classes)) {
                    outcome = ProvidedStorageUse.withheld(outcome);
                }
                notes.addAll(outcome.notes());
                FailureFilesFolder.save(artifactsDir, rerun.merged().artifacts())
                        .ifPresent(notes::add);
                notes.addAll(rerun.notes());
                Diagnosis.explain(outcome.tests(), rerun.first()).ifPresent(notes::add);
                if (o.only() != null) {
                    notes.add("only test classes ending in '" + o.only() + "' ran: the score is partial");
                }
                if (o.perf()) {
                    measured = Performance.measure(
                            ws,
                            intake.factory(),
                            o.stage(),
                            o.perfStepSeconds(),
                            o.freshReference(),
                            sandbox,
                            o.limits(),
                            courseRoot(),
                            progress);
                    notes.addAll(measured.notes());
                }
            } else {
                outcome = TestOutcome.nothingRan(weights, o.stage());
            }
        }
        if (!o.perf()) {
            notes.add("performance: skipped (--no-perf)");
        } else if (measured == null) {
            notes.add("performance: not measured, since the tests could not run");
        }
        Grade grade = Grade.builder()
                .createdAt(createdAt)
                .student(o.student())
                .stage(o.stage())
                .score(outcome.score())
                .tests(outcome.tests())
                .performance(measured == null ? null : measured.performance())
                // Notes quote compiler errors, file names and the test JVM's output: the submission's text.
                .notes(notes.stream()
                        .map(n -> Messages.clean(n, 4 * Messages.MAX_MESSAGE))
                        .toList())
                .environment(environment)
                .durationSeconds(Points.round((System.nanoTime() - start) / 1e9))
                .seed(seed)
                .sandboxed(sandboxed)
                .build();
        Results.write(o.out(), grade);
        if (o.gradescope()) {
            Path results = o.out().toAbsolutePath().resolveSibling("results.json");
            Results.writeAtomically(results, GradescopeExport.toJson(grade, outcome.worth()));
            progress.println("grade: Gradescope results written to " + results);
        }
        return grade;
    }

    /** The command that grades the same code with the same seed, for failure messages and the summary. */
    static String replayCommand(GradeOptions o, long seed) {
        return "./course grade --stage " + o.stage()
                + (o.submission() != null
                        ? " --submission " + shellWord(o.submission().toString())
                        : " --factory " + o.factory())
                + o.perfOptions().stream().map(w -> " " + w).collect(Collectors.joining())
                + (o.sandbox() ? "" : " --no-sandbox") + " --seed " + seed;
    }

    /** A word a shell reads back as itself: quoted when it holds anything but plain path characters. */
    static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./+:=@-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** The checkout's root, for stages/: -Dcourse.root (set by ./course and Maven), else the working directory. */
    static Path courseRoot() {
        String root = System.getProperty("course.root");
        return Path.of(root == null || root.isBlank() ? "." : root)
                .toAbsolutePath()
                .normalize();
    }

    /** Counts by outcome, for summaries and tests. */
    static long count(Grade g, String outcome) {
        return g.tests().stream()
                .map(TestResult::outcome)
                .filter(outcome::equals)
                .count();
    }

    static List<TestResult> notPassed(Grade g) {
        return notPassed(g.tests());
    }

    static List<TestResult> notPassed(List<TestResult> tests) {
        return tests.stream().filter(t -> !"passed".equals(t.outcome())).toList();
    }
}
