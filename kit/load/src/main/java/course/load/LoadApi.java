package course.load;

import course.command.Stages;
import course.command.UsageException;
import course.results.LoadRun;
import course.results.Saturation;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The load kit for programs (the grader, benchmarks): one constant-rate run or one saturation search, given checked
 * {@link LoadOptions} or {@link SaturateOptions} (build them with their {@code parse}, which takes the words of
 * {@code ./course load} or {@code ./course saturate}), that RETURNS its results instead of printing them.
 * Nothing is written to disk unless the options name an {@code --out} (a plain run only; a search writes nothing).
 * Options the API cannot honour are an {@link IllegalArgumentException}; an unreachable target is an
 * {@link IOException}.
 */
public final class LoadApi {
    /** A finished search: its document, the run at the sustained rate (null when no step passed), and every step. */
    public record Search(Saturation saturation, LoadRun sustained, List<LoadRun> steps) {
        public Double sustainedRate() {
            return saturation.result.sustainedRate;
        }
    }

    /**
     * Waits, before each run that loads the machine, until the caller lets it go: a program that measures two servers
     * on one machine (the grader's submission and reference) takes turns between them, so that a machine that is
     * slower for a minute is slower for both. Returns at once where nothing is shared ({@link #NO_TURNS}).
     */
    @FunctionalInterface
    public interface Turn {
        void take() throws IOException, InterruptedException;
    }

    /** Every run goes as soon as it is due. */
    public static final Turn NO_TURNS = () -> {};

    private LoadApi() {}

    /** One constant-rate run; per-second progress goes to {@code progress}. */
    public static LoadRun run(LoadOptions o, PrintStream progress) throws IOException, InterruptedException {
        if (!o.tool().equals("course-load") || !o.profile().isEmpty()) {
            throw new IllegalArgumentException("LoadApi runs the built-in generator only: drop --tool and --profile");
        }
        // A program's runs (the grader's) measure nodes it started, whose command lines name their factory; the
        // submission.properties of the checkout it runs in declares nothing about them.
        o.author(Author.of(o.targets(), o.student(), Stages.Declaration.NONE));
        try (Stabilizer stabilizer = LoadCommand.startStabilizer(o, progress)) {
            RunFiles files = o.out() == null ? null : RunFiles.of(o);
            return new LoadRunner(quiet(), o.progress() ? progress : quiet())
                    .measure(o, stabilizer, files)
                    .run();
        } catch (TargetUnreachableException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** A saturation search (--out is ignored: nothing is written). Each step's line goes to {@code progress}. */
    public static Search saturate(SaturateOptions s, PrintStream progress) throws IOException, InterruptedException {
        return saturate(s, progress, NO_TURNS);
    }

    /**
     * A saturation search whose warm-up and each later run (a step, a step's repeat) first take {@code turn}: the
     * warm-up and the first step make one turn, so the first step still follows its warm-up at once.
     */
    public static Search saturate(SaturateOptions s, PrintStream progress, Turn turn)
            throws IOException, InterruptedException {
        String problem = Reachability.problem(s.load.targets());
        if (problem != null) {
            throw new IOException(problem);
        }
        s.load.author(Author.of(s.load.targets(), s.load.student(), Stages.Declaration.NONE)); // as run() does
        try {
            Saturator saturator = new Saturator(s, null, List.of()).takingTurns(turn);
            Saturator.Result r = saturator.run(progress, progress, quiet(), new Saturator.Listener() {
                @Override
                public void again(int n, double rate, LoadRun contended) {
                    progress.printf(
                            Locale.ROOT,
                            "  step %d: %s requests/s run again: the CPU was contended (%s)%n",
                            n,
                            RunFiles.rateName(rate),
                            ContentionRule.seen(contended.contention));
                }

                @Override
                public void done(int n, double rate, Saturation.Step row, LoadRun run) {
                    progress.printf(
                            Locale.ROOT,
                            "  step %d: %s requests/s -> achieved %.1f, p99 %.3f ms: %s%n",
                            n,
                            RunFiles.rateName(rate),
                            row.achievedRate,
                            row.p99Ms,
                            row.passed ? "pass" : "FAIL");
                }
            });
            return new Search(r.doc(), r.sustained(), r.steps());
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("saturation search failed: " + e.getMessage(), e);
        }
    }

    /** A watch of who else uses the CPUs, from {@link #watchContention} until {@link #finish}. */
    public interface ContentionWatch {
        LoadRun.Contention finish();
    }

    /**
     * Starts measuring, as each load run does, what processes outside this JVM's process tree, CPU pressure and steal
     * take of the CPUs until {@link ContentionWatch#finish}. For a program that runs its servers and generator as its
     * own children, and cannot see others from there: the grader, whose sandbox has a pid namespace of its own.
     */
    public static ContentionWatch watchContention() {
        ContentionProbe probe = ContentionProbe.startAroundThisProcessTree();
        return probe::finish;
    }

    /**
     * The contention flag's sentence for these measures (as a run past the thresholds is flagged), or {@code null}
     * when every measure is within them.
     */
    public static String contended(LoadRun.Contention c) {
        return ContentionRule.judge(c);
    }

    /** Every measure of {@code c} in a few words: "other processes 46% of the CPUs, CPU pressure 35%, steal 0%". */
    public static String seen(LoadRun.Contention c) {
        return ContentionRule.seen(c);
    }

    /**
     * The wrk2 command line that {@code ./course load --tool wrk2} runs for these arguments (its Lua script copied
     * into {@code scriptDir}), for benchmarks that time wrk2 themselves; {@code null} when no wrk2 is found ($WRK2,
     * or on PATH).
     */
    public static List<String> wrk2Command(List<String> loadArgs, Path scriptDir) throws IOException {
        String binary = Wrk2Tool.findBinary();
        if (binary == null) {
            return null;
        }
        LoadOptions o = parse(loadArgs);
        return Wrk2Tool.command(binary, o, Wrk2Tool.extractScript(o.workload(), scriptDir));
    }

    /** wrk2's printed output as a results document, the options filling in what the output does not say. */
    public static LoadRun wrk2Run(String output, List<String> loadArgs) throws IOException {
        LoadOptions o = parse(loadArgs);
        return Wrk2Tool.toLoadRun(output, o, "wrk2", null, false);
    }

    private static LoadOptions parse(List<String> loadArgs) {
        try {
            return LoadOptions.parse(loadArgs.toArray(String[]::new));
        } catch (UsageException e) {
            throw new IllegalArgumentException("course load: " + e.getMessage(), e);
        }
    }

    private static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream());
    }
}
