package course.load;

import course.command.PrintingCommand;
import course.command.Stages;
import course.command.UsageException;
import course.results.LoadRun;
import course.results.Results;
import course.results.Saturation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ./course saturate}: the highest rate a server sustains under an SLO, by short constant-rate steps. */
@Command(
        name = "saturate",
        sortOptions = false,
        synopsisHeading = "",
        customSynopsis = "usage: ./course saturate --url http://localhost:8080 [options]%n",
        description = {
            "Finds the highest rate that meets the SLO (achieved >= --min-achieved of the target and p99 <="
                    + " --p99-ms): doubles the rate from --start-rate until a step fails, then bisects between the"
                    + " last pass and the first fail down to --resolution. Each step is a constant-rate run of"
                    + " --step-duration. A missed step is run again (--confirm-misses times) and counts as missed"
                    + " only if every repeat misses too: saturation repeats, a passing stall of a shared machine"
                    + " does not.",
            "",
            "Each run measures who else used the CPUs (other processes' CPU time, /proc/pressure/cpu, steal)."
                    + " A step whose run was contended past the thresholds is run again once; a step still"
                    + " contended keeps its flag, and the result is marked NOT TRUSTED with the steps it stands"
                    + " on (with --stop-when-contended the search ends at that step). --max-steps bounds the runs,"
                    + " every repeat (of a miss, of a contended step) included: a search never makes more than"
                    + " --max-steps runs.",
            "",
            "The options of ./course load apply too, except -R, -d, --tool, --profile, --server-pid; --out is the"
                    + " folder of the steps and saturation.json (default results/saturate/<time>/). Like ./course"
                    + " load, it records who was measured: the node's factory and the student.",
            ""
        })
// picocli calls the always-throwing option setters when ./course load's options are given here.
@SuppressWarnings("DoNotCallSuggester")
public final class SaturateCommand extends PrintingCommand {
    @Mixin
    private SaturateOptions search = new SaturateOptions();

    @Mixin
    private LoadOptions load = new LoadOptions();

    private final ContentionSource contention;

    /** A command printing to {@code out} and {@code err}; {@link #execute} runs it on a command line. */
    public SaturateCommand(PrintStream out, PrintStream err) {
        this(out, err, ContentionSource.MACHINE);
    }

    /** For tests that need the runs judged contended (or quiet) whatever the test machine is doing. */
    SaturateCommand(PrintStream out, PrintStream err, ContentionSource contention) {
        super(out, err);
        this.contention = contention;
    }

    // ./course load's options that make no sense here: named, so the message says what to use instead.
    @Option(
            names = {"-R", "--rate"},
            hidden = true)
    void rate(String ignored) {
        throw new IllegalArgumentException(
                "saturate chooses the rates itself; give --start-rate (and --max-rate)" + " instead of -R/--rate");
    }

    @Option(
            names = {"-d", "--duration"},
            hidden = true)
    void duration(String ignored) {
        throw new IllegalArgumentException(
                "saturate runs steps of --step-duration; use that instead of" + " -d/--duration");
    }

    @Option(
            names = {"--profile", "--server-pid", "--tool"},
            hidden = true)
    void loadOnly(String ignored) {
        throw new IllegalArgumentException("--profile, --server-pid and --tool are for ./course load; saturate runs"
                + " the built-in generator only and profiles nothing");
    }

    public static void main(String[] args) {
        System.exit(new SaturateCommand(System.out, System.err).execute(args));
    }

    static SaturateOptions parse(String... args) throws UsageException {
        SaturateCommand command = new SaturateCommand(QUIET, QUIET);
        command.parseOnly(args);
        return command.search.checked(command.load);
    }

    @Override
    public Integer call() throws Exception {
        SaturateOptions s;
        try {
            s = search.checked(load);
            Stages registry = Stages.ofThisRepository();
            s.load.stage(registry.resolveAndSay("course saturate", s.load.stage(), err));
            s.load.author(Author.of(s.load.targets(), s.load.student(), registry.declaration()));
            err.println(s.load.author().describe("course saturate"));
        } catch (UsageException | IllegalArgumentException e) {
            throw usage(e);
        }
        String problem = Reachability.problem(s.load.targets());
        if (problem != null) {
            err.println("course saturate: " + problem);
            return 1;
        }
        return search(s, spec.commandLine().getParseResult().originalArgs(), out, err);
    }

    private int search(SaturateOptions s, List<String> args, PrintStream out, PrintStream err) throws Exception {
        Path dir = s.load.out() != null
                ? s.load.out()
                : RunFiles.root().resolve("results").resolve("saturate").resolve(RunFiles.timestamp());
        err.println("course saturate: seed " + s.load.seed() + ", results in " + dir);
        out.printf(
                Locale.ROOT,
                "Saturating %s: SLO achieved >= %.0f%% of target, p99 <= %s ms; steps of %s%n",
                String.join(",", s.load.targets().stream().map(Target::url).toList()),
                s.minAchieved * 100,
                RunFiles.rateName(s.p99Ms),
                WrkUnits.durationHeader(s.stepSeconds));
        out.printf(
                Locale.ROOT, "%4s %10s %10s %10s %8s  %s%n", "step", "rate", "achieved", "p99 ms", "result", "notes");
        out.flush();
        PrintStream runProgress = s.load.progress() ? err : QUIET;
        Saturator saturator = new Saturator(s, dir, args, contention);
        Saturation doc = saturator
                .run(err, out, runProgress, new Saturator.Listener() {
                    @Override
                    public void again(int n, double rate, LoadRun contended) {
                        out.printf(
                                Locale.ROOT,
                                "%4d %10s   run again: the CPU was contended (%s)%n",
                                n,
                                RunFiles.rateName(rate),
                                ContentionRule.seen(contended.contention));
                        out.flush();
                    }

                    @Override
                    public void done(int n, double rate, Saturation.Step row, LoadRun run) {
                        out.printf(
                                Locale.ROOT,
                                "%4d %10s %10.1f %10.3f %8s  %s%n",
                                n,
                                RunFiles.rateName(rate),
                                row.achievedRate,
                                row.p99Ms,
                                row.passed ? "pass" : "FAIL",
                                String.join("; ", run.flagMessages()));
                        out.flush();
                    }
                })
                .doc();
        Path file = dir.resolve("saturation.json");
        Results.write(file, doc);
        out.println(
                doc.result.sustainedRate == null
                        ? "Sustained rate: none (" + doc.result.note + ")"
                        : "Sustained rate: " + RunFiles.rateName(doc.result.sustainedRate) + " requests/s ("
                                + doc.result.note + ")");
        out.println("Results: " + file);
        return 0;
    }
}
