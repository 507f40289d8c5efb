package grading;

import course.results.Grade;
import course.results.Results;
import course.results.TestResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;

/**
 * {@code ./course grade}: takes only the student's own files, builds them in a pristine workspace, runs the public
 * and hidden tests of stages 1..N in a sandboxed JVM (every node a JVM of its own), and writes one grade document.
 * A submission that does not compile, start or finish still gets a grade that says why.
 */
public final class GradeCommand {
    private GradeCommand() {
    }

    public static void main(String[] args) {
        GradeOptions o;
        try {
            o = GradeOptions.parse(args);
        } catch (GradeException e) {
            System.err.println("course grade: " + e.getMessage() + " (see ./course grade --help)");
            System.exit(2);
            return;
        }
        if (o.help()) {
            System.out.print(GradeArgs.usage());
            return;
        }
        try {
            if (o.mutantMatrix()) {
                // exit at once: threads a mutant left behind in this JVM must not keep it alive
                System.exit((o.isolated() ? IsolatedMutantMatrix.run(System.out, o.sandbox())
                        : MutantMatrixCommand.run(o.out(), System.out)) ? 0 : 1);
            }
            if (o.gradescopeZip() != null) {
                GradescopeAutograder.write(courseRoot(), o.stage(), o.gradeOptionsForEverySubmission(),
                        o.gradescopeZip());
                System.out.println("grade: Gradescope's autograder for stage " + o.stage() + " written to "
                        + o.gradescopeZip() + " (upload it as the assignment's autograder zip)");
                System.exit(0);
            }
            Grade grade = grade(o, System.err);
            System.out.print(Summary.of(grade, o.out()));
            System.out.flush();
            System.exit(0);
        } catch (GradeException e) {
            System.err.println("course grade: " + e.getMessage());
            System.exit(2);
        } catch (IOException | RuntimeException e) {
            System.err.println("grade: failed: " + e);
            e.printStackTrace(System.err);
            System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
        }
    }

    /**
     * Grades and writes the grade document (and the Gradescope export); progress goes to {@code progress}. Bad input
     * (an --only that matches no test, a sandbox that does not work without --no-sandbox) is a GradeException thrown
     * before anything is copied, compiled or started.
     */
    static Grade grade(GradeOptions o, PrintStream progress) throws IOException, InterruptedException {
        long start = System.nanoTime();
        TestClasses.checkOnly(o.stage(), o.only());
        Sandbox sandbox = Sandbox.forGrade(o.sandbox());
        Weights weights = Weights.load();
        Grade grade = GradeBuilder.empty(o.stage(), o.student());
        long seed = o.seed() != null ? o.seed() : new SecureRandom().nextLong();
        grade.seed = seed;
        Map<String, Double> worth = Map.of();
        try (Workspace ws = new Workspace()) {
            String factory = o.factory();
            boolean runnable = true;
            if (o.submission() != null) {
                StudentFiles files = StudentFiles.find(o.submission());
                List<String> taken = ws.take(files);
                grade.notes.add("took " + taken.size() + " file(s) from " + files.root() + ": " + String.join(", ", taken));
                progress.println("grade: took " + taken.size() + " file(s) from " + files.root());
                StudentFiles.Declaration declared = files.declaration();
                factory = declared.factory();
                if (declared.stage() < o.stage()) {
                    runnable = false;
                    grade.notes.add("submission.properties declares stage " + declared.stage() + ", but this grade is "
                            + "for stage " + o.stage() + ": raise stage= to " + o.stage() + " to be graded for it");
                } else {
                    progress.println("grade: compiling with javac --release 21 ...");
                    String errors = ws.compile();
                    if (errors != null) {
                        runnable = false;
                        grade.notes.add("the submission does not compile:\n" + GradeBuilder.cut(errors));
                    }
                }
            } else {
                ws.addCourseCode();
                grade.notes.add("graded the course's own " + factory);
            }
            if (runnable) {
                grade.notes.addAll(sandbox.notes(o.limits()));
                grade.sandboxed = sandbox.isolated();
                ws.openForSandbox();
                progress.println("grade: running the public and hidden tests of stages 1.." + o.stage() + " against "
                        + factory + (sandbox.isolated() ? " in a bubblewrap sandbox" : " WITHOUT a sandbox"));
                String replay = replayCommand(o, seed);
                Path artifactsDir = FailureFilesFolder.folderFor(o.out());
                progress.println("grade: seed " + seed + " (replay: " + replay + ")");
                ClassBudgets.Run budgeted = ClassBudgets.run(ws, sandbox, o.limits(), factory, o.stage(),
                        new TestJvm.Selection(GradeBuilder.packages(o.stage()), o.only(), List.of(), seed, replay,
                                artifactsDir),
                        progress);
                TestJvm.Outcome run = budgeted.outcome();
                grade.notes.addAll(budgeted.notes());
                List<String> again = budgeted.rerunnable(Rerun.candidates(run));
                TestJvm.Outcome second = null;
                if (!again.isEmpty() && again.size() <= Rerun.MAX_TESTS) {
                    progress.println("grade: running the " + again.size() + " test(s) that did not pass once more, "
                            + "with the same seed");
                    second = TestJvm.run(ws, sandbox, o.limits(), factory, o.stage(),
                            new TestJvm.Selection(List.of(), null, again, seed, replay, artifactsDir), progress);
                } else if (again.size() > Rerun.MAX_TESTS) {
                    grade.notes.add(again.size() + " tests did not pass; none was run again (a second run is for a "
                            + "busy machine, which fails a test or two, not more than " + Rerun.MAX_TESTS + ")");
                }
                TestJvm.Outcome merged = second == null ? run : Rerun.merge(run, second);
                worth = GradeBuilder.fill(grade, merged, weights);
                if (o.submission() != null && ProvidedStorageUse.in(ws.classes)) {
                    worth = ProvidedStorageUse.withholdStoragePoints(grade, worth);
                }
                FailureFilesFolder.save(artifactsDir, merged.artifacts(), grade.notes);
                if (second != null) {
                    Rerun.record(grade, run, again, second);
                }
                Diagnosis.explain(grade, run).ifPresent(grade.notes::add);
                if (o.only() != null) {
                    grade.notes.add("only test classes ending in '" + o.only() + "' ran: the score is partial");
                }
                if (o.perf()) {
                    Performance.measure(grade, ws, factory, o.stage(), sandbox, o.limits(), courseRoot(), progress);
                }
            } else {
                GradeBuilder.nothingRan(grade, weights, o.stage());
            }
        }
        if (!o.perf()) {
            grade.notes.add("performance: skipped (--no-perf)");
        } else if (grade.performance == null) {
            grade.notes.add("performance: not measured, since the tests could not run");
        }
        grade.durationSeconds = GradeBuilder.round((System.nanoTime() - start) / 1e9);
        // Notes quote compiler errors, file names and the test JVM's output: the submission's text, kept writable.
        grade.notes.replaceAll(n -> Messages.clean(n, 4 * GradeBuilder.MAX_MESSAGE));
        Results.write(o.out(), grade);
        if (o.gradescope()) {
            Path results = o.out().toAbsolutePath().resolveSibling("results.json");
            Results.writeAtomically(results, GradescopeExport.toJson(grade, worth));
            progress.println("grade: Gradescope results written to " + results);
        }
        return grade;
    }

    /** The command that grades the same code with the same seed, for failure messages and the summary. */
    static String replayCommand(GradeOptions o, long seed) {
        return "./course grade --stage " + o.stage()
                + (o.submission() != null ? " --submission " + shellWord(o.submission().toString())
                        : " --factory " + o.factory())
                + (o.perf() ? "" : " --no-perf") + (o.sandbox() ? "" : " --no-sandbox") + " --seed " + seed;
    }

    /** A word a shell reads back as itself: quoted when it holds anything but plain path characters. */
    static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./+:=@-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** The checkout's root, for stages/: -Dcourse.root (set by ./course and Maven), else the working directory. */
    static Path courseRoot() {
        String root = System.getProperty("course.root");
        return Path.of(root == null || root.isBlank() ? "." : root).toAbsolutePath().normalize();
    }

    /** Counts by outcome, for summaries and tests. */
    static long count(Grade g, String outcome) {
        return g.tests.stream().map(t -> t.outcome).filter(outcome::equals).count();
    }

    static List<TestResult> notPassed(Grade g) {
        return g.tests.stream().filter(t -> !"passed".equals(t.outcome)).toList();
    }
}
