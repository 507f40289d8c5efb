package course.load;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options of {@code course saturate}: the load options (without -R and -d) plus the search's own. */
public final class SaturateOptions {
    LoadOptions load;
    double startRate = 1000;
    double maxRate = 1_000_000;
    double stepSeconds = 10;
    double resolution = 0.05;
    double p99Ms = 10;
    double minAchieved = 0.99;
    int maxSteps = 16;
    int confirmMisses = 1;
    double pauseSeconds = 1;
    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    SaturateOptions() {
    }

    /** Parses a saturate command line into checked options without running it (the in-process API). */
    public static SaturateOptions parse(String... args) throws UsageException {
        return SaturateCommand.parse(args);
    }

    @Option(names = "--start-rate", paramLabel = "N", order = 1, description = "First step's rate. Default: 1000.")
    void startRate(String text) {
        startRate = Cli.valid(mixee, () -> Values.positive("--start-rate", text));
    }

    @Option(names = "--max-rate", paramLabel = "N", order = 2, description = "Never go above. Default: 1000000.")
    void maxRate(String text) {
        maxRate = Cli.valid(mixee, () -> Values.positive("--max-rate", text));
    }

    @Option(names = "--step-duration", paramLabel = "T", order = 3, description = "Length of each step. Default: 10s.")
    void stepDuration(String text) {
        stepSeconds = Cli.valid(mixee, () -> Values.seconds("--step-duration", text));
    }

    @Option(names = "--pause", paramLabel = "T", order = 4,
            description = "Rest between steps so the server drains. Default: 1s.")
    void pause(String text) {
        pauseSeconds = Cli.valid(mixee, () -> Values.seconds("--pause", text));
    }

    @Option(names = "--resolution", paramLabel = "F", order = 5,
            description = "Stop bisecting when pass and fail are this close. Default: 5%%.")
    void resolution(String text) {
        resolution = Cli.valid(mixee, () -> Values.fraction("--resolution", text));
    }

    @Option(names = "--p99-ms", paramLabel = "X", order = 6, description = "SLO: p99 latency at most X ms. Default: 10.")
    void p99Ms(String text) {
        p99Ms = Cli.valid(mixee, () -> Values.positive("--p99-ms", text));
    }

    @Option(names = "--min-achieved", paramLabel = "F", order = 7,
            description = "SLO: achieved rate at least F of the target. Default: 0.99.")
    void minAchieved(String text) {
        minAchieved = Cli.valid(mixee, () -> Values.fraction("--min-achieved", text));
    }

    @Option(names = "--max-steps", paramLabel = "N", order = 8,
            description = "Bound on the number of steps (repeats included). Default: 16.")
    void maxSteps(String text) {
        maxSteps = Cli.valid(mixee, () -> Values.intCount("--max-steps", text, 1, 100));
    }

    @Option(names = "--confirm-misses", paramLabel = "N", order = 9,
            description = "Repeats of a missed step before it counts (0: none). Default: 1.")
    void confirmMisses(String text) {
        confirmMisses = Cli.valid(mixee, () -> Values.intCount("--confirm-misses", text, 0, 5));
    }

    /** Rules between options, checked once everything is parsed. */
    SaturateOptions checked(LoadOptions parsedLoad) throws UsageException {
        parsedLoad.validate(false);
        if (resolution <= 0) {
            throw new UsageException("--resolution must be above 0, e.g. 5%");
        }
        if (startRate > maxRate) {
            throw new UsageException("--start-rate " + startRate + " is above --max-rate " + maxRate);
        }
        load = parsedLoad.withDuration(stepSeconds);
        return this;
    }

    /** The load options every step runs with (the step's rate is set per step). */
    public LoadOptions load() {
        return load;
    }
}
