package grading;

import course.command.CourseCommand;
import course.command.CourseCommandLine;
import course.command.OptionValues;
import course.command.OutFolder;
import course.command.Stages;
import course.command.UsageException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./course grade}'s command line on picocli, run as every course command is ({@link #execute}: a bad option or
 * a GradeException is {@code course grade: ...} and exit 2, any other failure exit 1); {@link #parse} gives the
 * checked {@link GradeOptions} to in-process callers.
 */
@Command(
        name = "grade",
        synopsisHeading = "",
        customSynopsis = {
            "usage: ./course grade --stage N --submission DIR [--student NAME] [--out FILE] [--export gradescope]"
                    + " [--no-perf]",
            "       ./course grade --stage N --factory CLASS ...     grade the course's own code (a reference or"
                    + " a mutant)",
            "       ./course grade --stage N --gradescope-zip FILE [--no-perf]    Gradescope's autograder zip",
            "       ./course grade --check-sandbox    does the bubblewrap sandbox work here?",
            "       ./course grade --mutant-matrix [--out docs/grading/mutants.md]",
            "       ./course grade --mutant-matrix --isolated    each mutant graded like a submission (sandbox, JVM"
                    + " per node)",
            "Where bubblewrap does not work a grade is refused; --no-sandbox grades without it (and the grade says"
                    + " so).",
            ""
        })
final class GradeArgs extends CourseCommand {
    private final PrintStream stdout;
    private final PrintStream stderr;
    private Integer stage;
    private boolean gradescope;
    private boolean perf = true;
    private Integer perfStepSeconds;

    @Option(
            names = "--perf-fresh-reference",
            description = "Measure the reference's side of the performance run in this grade. Without it, a side an"
                    + " earlier grade measured quiet on this machine within the hour stands for it when nothing it"
                    + " depends on changed (the boot, CPUs, JDK, plan, sandbox and the bytes of the reference's code)"
                    + " and the measurement before it agrees (rates within " + ReferenceReuse.AGREEMENT_PERCENT
                    // picocli formats descriptions: %% is one %
                    + "%%), and the grade names when it was measured.")
    private boolean freshReference;

    private Limits limits = Limits.standard();
    private Long seed;

    @Option(
            names = "--submission",
            paramLabel = "DIR",
            description = "A student repository, or a copy of its"
                    + " starter/student folder; only src/main/java and src/main/resources are taken, built in a fresh"
                    + " workspace and tested in a sandbox.")
    private Path submission;

    @Option(
            names = "--stage",
            paramLabel = "N",
            description = "The stage to grade: the public and hidden tests of stages 1..N run.")
    void stage(String value) {
        int n = OptionValues.intBetween("--stage", value, 1, 10);
        stage = Stages.ofThisRepository().check(n);
    }

    @Option(names = "--factory", paramLabel = "CLASS", description = "Grade the course's own code instead.")
    private String factory;

    @Option(
            names = "--student",
            paramLabel = "NAME",
            description = "Name recorded in the grade (default: the submission folder's name).")
    private String student;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "The grade document (default: grades/<student>-stage<N>.json).")
    private Path out;

    @Option(
            names = "--export",
            paramLabel = "gradescope",
            description = "Also write Gradescope's results.json next to --out.")
    void export(String format) {
        if (!format.equals("gradescope")) {
            throw new GradeException("--export knows only 'gradescope', got '" + format + "'");
        }
        gradescope = true;
    }

    @Option(
            names = "--gradescope-zip",
            paramLabel = "FILE",
            converter = OutFolder.FileToWrite.class,
            description = "Write Gradescope's autograder zip"
                    + " (setup.sh, run_autograder and this course) that grades a submission for --stage N, instead of"
                    + " grading; --no-perf, --perf-step-seconds, --time-limit, --test-time-limit, --rerun-time-limit,"
                    + " --class-time-limit and --test-jvms given"
                    + " with it apply to every"
                    + " submission.")
    private Path gradescopeZip;

    @Option(
            names = "--no-perf",
            description = "Skip the performance run next to the reference. Without it, a side"
                    + " measured while the CPU was contended (other processes, CPU pressure or steal past the thresholds) is"
                    + " measured once more; contended again, the grade has no ratio and says 'not measured: the machine was"
                    + " busy' with what was seen, and the leaderboard gets none.")
    void noPerf(boolean skip) {
        perf = !skip;
    }

    @Option(
            names = "--perf-step-seconds",
            paramLabel = "SECONDS",
            description = "Each step of the performance run's saturation search (default "
                    + Performance.STEP_SECONDS + ", 1 to 30). Shorter steps measure a rate less exactly; the grade's"
                    + " notes give the length its steps had.")
    void perfStepSeconds(String seconds) {
        perfStepSeconds = (int) OptionValues.between("--perf-step-seconds", seconds, 1, 30);
    }

    @Option(
            names = "--no-sandbox",
            description = "Run the tests without the bubblewrap sandbox (the grade says"
                    + " so). Without this option a grade refuses to start where the sandbox does not work: it tries a command"
                    + " in it first.")
    private boolean noSandbox;

    @Option(
            names = "--check-sandbox",
            description =
                    "Only try the sandbox: run a trivial command in it as a grade"
                            + " starts its tests, and say whether it works (exit 0) or why not (exit 2). Gradescope's setup.sh runs it.")
    private boolean checkSandbox;

    @Option(
            names = "--only",
            paramLabel = "SUFFIX[,SUFFIX...]",
            description = "Run only test classes whose name ends"
                    + " with one of the SUFFIXes (a quick look; the score is partial); one that matches no test class of the"
                    + " stage is refused.")
    private String only;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "The seed of every random choice of the tests"
                    + " (default: a new one, printed and kept in the grade); the same seed replays a grade.")
    void seed(String value) {
        try {
            seed = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new GradeException("--seed takes a whole number (a grade prints its seed), got '" + value + "'");
        }
    }

    @Option(names = "--time-limit", paramLabel = "SECONDS", description = "The whole test run (default 1200).")
    void timeLimit(String seconds) {
        limits = limits.withWholeRun(Duration.ofSeconds(OptionValues.between("--time-limit", seconds, 10, 86400)));
    }

    @Option(names = "--test-time-limit", paramLabel = "SECONDS", description = "Each test (default 150).")
    void testTimeLimit(String seconds) {
        limits = limits.withPerTest(Duration.ofSeconds(OptionValues.between("--test-time-limit", seconds, 5, 3600)));
    }

    @Option(
            names = "--rerun-time-limit",
            paramLabel = "SECONDS",
            description = "The second run of the tests that did not pass (default 300).")
    void rerunTimeLimit(String seconds) {
        limits = limits.withRerun(Duration.ofSeconds(OptionValues.between("--rerun-time-limit", seconds, 10, 86400)));
    }

    @Option(
            names = "--class-time-limit",
            paramLabel = "SECONDS",
            description = "Each test class, its clusters' starts"
                    + " included (default: twice an even share of --time-limit, at least --test-time-limit); a class past it is"
                    + " stopped, its unfinished tests fail and the next classes run.")
    void classTimeLimit(String seconds) {
        limits = limits.withPerClass(Duration.ofSeconds(OptionValues.between("--class-time-limit", seconds, 5, 86400)));
    }

    @Option(
            names = "--test-jvms",
            paramLabel = "N",
            description = "How many test JVMs run the test classes side by side, each in a sandbox of its own"
                    + " (default: 2 on a machine of two CPUs or more, else 1; 1 to 4). Each takes the next class"
                    + " as it finishes one; with 2 or more, the classes whose slow clients set their pace (@Paced)"
                    + " get one JVM more. The tests that did not pass run again in one.")
    void testJvms(String n) {
        limits = limits.withTestJvms(OptionValues.intBetween("--test-jvms", n, 1, 4));
    }

    @Option(
            names = "--mutant-matrix",
            description =
                    "Run every mutant against its catching test and the public"
                            + " tests of its stage, print the matrix and write it as Markdown (nodes in-process: about 2 minutes).")
    private boolean matrix;

    @Option(
            names = "--isolated",
            description =
                    "With --mutant-matrix: grade each mutant in the sandbox with --only"
                            + " its catching test's class, every node a JVM of its own, and check that test fails (about 15 minutes).")
    private boolean isolated;

    private GradeArgs(PrintStream stdout, PrintStream stderr) {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Runs {@code ./course grade ARGS}: the summary on {@code out}, progress and errors on {@code err}. */
    static int execute(String[] args, PrintStream out, PrintStream err) {
        // The last of a repeated option wins, as scripts that add their own --time-limit to a default line expect.
        return CourseCommandLine.of(new GradeArgs(out, err), out, err)
                .setOverwrittenOptionsAllowed(true)
                .execute(args);
    }

    @Override
    public Integer call() throws Exception {
        GradeOptions o;
        try {
            o = checked();
        } catch (GradeException e) {
            throw usage(e);
        }
        try {
            return GradeCommand.run(o, stdout, stderr);
        } catch (GradeException e) {
            // bad input found once the grade started (an --only that matches no test, a sandbox that does not work)
            throw new UsageException(e.getMessage());
        }
    }

    /** The generated usage text. */
    static String usage() {
        return CourseCommandLine.usage(new GradeArgs(System.out, System.err));
    }

    /** The checked options; a bad command line is a {@link GradeException} saying what was wrong. */
    static GradeOptions parse(String[] args) {
        GradeArgs a = new GradeArgs(System.out, System.err);
        CommandLine line = new CommandLine(a).setOverwrittenOptionsAllowed(true);
        try {
            line.parseArgs(args);
        } catch (CommandLine.PicocliException e) {
            // A setter's own exception arrives wrapped; its message is the one to show.
            throw e.getCause() instanceof RuntimeException r && r.getMessage() != null
                    ? new GradeException(r.getMessage())
                    : new GradeException(e.getMessage());
        }
        if (line.isUsageHelpRequested()) {
            return new GradeOptions(
                    0, null, null, null, null, false, 0, false, null, a.limits, false, false, true, null, null, true,
                    false);
        }
        return a.checked();
    }

    private GradeOptions checked() {
        if (!perf && perfStepSeconds != null) {
            throw new GradeException(
                    "--perf-step-seconds sets the performance run that --no-perf skips: give one of" + " them");
        }
        if (!perf && freshReference) {
            throw new GradeException(
                    "--perf-fresh-reference sets the performance run that --no-perf skips: give one of them");
        }
        int perfSteps = !perf ? 0 : perfStepSeconds == null ? Performance.STEP_SECONDS : perfStepSeconds;
        if (checkSandbox) {
            if (stage != null
                    || matrix
                    || submission != null
                    || factory != null
                    || gradescopeZip != null
                    || noSandbox) {
                throw new GradeException("--check-sandbox takes no other option: it only tries the sandbox");
            }
            return new GradeOptions(
                    0, null, null, null, null, false, 0, false, null, limits, false, false, false, null, null, true,
                    true);
        }
        if (isolated && !matrix) {
            throw new GradeException("--isolated goes with --mutant-matrix");
        }
        if (matrix) {
            if (noSandbox && !isolated) {
                throw new GradeException("--no-sandbox goes with --mutant-matrix --isolated (the in-process matrix "
                        + "uses no sandbox)");
            }
            return new GradeOptions(
                    0,
                    null,
                    null,
                    null,
                    out == null ? Path.of("docs/grading/mutants.md") : out,
                    false,
                    0,
                    false,
                    null,
                    limits,
                    true,
                    isolated,
                    false,
                    null,
                    null,
                    !noSandbox,
                    false);
        }
        if (stage == null) {
            throw new GradeException("--stage is required");
        }
        if (gradescopeZip != null) {
            if (submission != null || factory != null || only != null) {
                throw new GradeException("--gradescope-zip builds the autograder that grades every submission: "
                        + "give it no --submission, --factory or --only");
            }
            GradeOptions zip = new GradeOptions(
                    stage,
                    null,
                    null,
                    null,
                    null,
                    true,
                    perfSteps,
                    freshReference,
                    null,
                    limits,
                    false,
                    false,
                    false,
                    seed,
                    gradescopeZip,
                    !noSandbox,
                    false);
            if (zip.autograderTimeLimit().compareTo(GradeOptions.GRADESCOPE_MAX) > 0) {
                throw new GradeException("with --time-limit "
                        + limits.wholeRun().toSeconds() + " and --rerun-time-limit "
                        + limits.rerun().toSeconds()
                        + " a grade can take "
                        + zip.autograderTimeLimit().toSeconds() + " s (the test run and two tests' limits for stopped"
                        + " classes, --rerun-time-limit for the tests that failed, the performance pair and a minute),"
                        + " more than Gradescope's 40-minute maximum: give a smaller --time-limit or"
                        + " --rerun-time-limit");
            }
            return zip;
        }
        if ((submission == null) == (factory == null)) {
            throw new GradeException("give exactly one of --submission DIR or --factory CLASS");
        }
        String name = student;
        if (name == null) {
            name = submission != null
                    ? submission.toAbsolutePath().normalize().getFileName().toString()
                    : factory.substring(factory.lastIndexOf('.') + 1);
        }
        Path document = out != null ? out : Path.of("grades", name + "-stage" + stage + ".json");
        // The grade is written at its end, minutes later: a place it cannot go to is refused now.
        if (Files.isDirectory(document)) {
            throw new GradeException("--out " + document + " is a folder: give the grade's file, e.g. "
                    + document.resolve(name + "-stage" + stage + ".json"));
        }
        String folderProblem = OutFolder.problem(document.toAbsolutePath().getParent());
        if (folderProblem != null) {
            throw new GradeException("--out " + document + ": " + folderProblem + "; give a file in a folder");
        }
        return new GradeOptions(
                stage,
                submission,
                factory,
                name,
                document,
                gradescope,
                perfSteps,
                freshReference,
                only,
                limits,
                false,
                false,
                false,
                seed,
                null,
                !noSandbox,
                false);
    }
}
