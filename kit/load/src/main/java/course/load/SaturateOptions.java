package course.load;

import course.command.UsageException;
import picocli.CommandLine.Option;

/** The options of {@code course saturate}: the load options (without -R and -d) plus the search's own. */
public final class SaturateOptions {
    LoadOptions load;

    SaturateOptions() {
    }

    /** Parses a saturate command line into checked options without running it (the in-process API). */
    public static SaturateOptions parse(String... args) throws UsageException {
        return SaturateCommand.parse(args);
    }

    @Option(names = "--start-rate", paramLabel = "N", order = 1, converter = Converters.Positive.class,
            description = "First step's rate. Default: 1000.")
    double startRate = 1000;

    @Option(names = "--max-rate", paramLabel = "N", order = 2, converter = Converters.Positive.class,
            description = "Never go above. Default: 1000000.")
    double maxRate = 1_000_000;

    @Option(names = "--step-duration", paramLabel = "T", order = 3, converter = Converters.Seconds.class,
            description = "Length of each step. Default: 10s.")
    double stepSeconds = 10;

    @Option(names = "--pause", paramLabel = "T", order = 4, converter = Converters.Seconds.class,
            description = "Rest between steps so the server drains. Default: 1s.")
    double pauseSeconds = 1;

    @Option(names = "--resolution", paramLabel = "F", order = 5, converter = Converters.Fraction.class,
            description = "Stop bisecting when pass and fail are this close. Default: 5%%.")
    double resolution = 0.05;

    @Option(names = "--p99-ms", paramLabel = "X", order = 6, converter = Converters.Positive.class,
            description = "SLO: p99 latency at most X ms. Default: 10.")
    double p99Ms = 10;

    @Option(names = "--min-achieved", paramLabel = "F", order = 7, converter = Converters.Fraction.class,
            description = "SLO: achieved rate at least F of the target. Default: 0.99.")
    double minAchieved = 0.99;

    @Option(names = "--max-steps", paramLabel = "N", order = 8, converter = Converters.Steps.class,
            description = "Bound on the number of steps (repeats included). Default: 16.")
    int maxSteps = 16;

    @Option(names = "--confirm-misses", paramLabel = "N", order = 9, converter = Converters.Repeats.class,
            description = "Repeats of a missed step before it counts (0: none). Default: 1.")
    int confirmMisses = 1;

    /** Rules between options, checked once everything is parsed. */
    SaturateOptions checked(LoadOptions parsedLoad) throws UsageException {
        parsedLoad.validate(false);
        if (resolution <= 0) {
            throw new UsageException("--resolution must be above 0, e.g. 5%");
        }
        if (startRate > maxRate) {
            throw new UsageException("--start-rate " + startRate + " is above --max-rate " + maxRate);
        }
        load = parsedLoad.with(c -> c.duration(stepSeconds));
        return this;
    }

    /** The load options every step runs with (the step's rate is set per step). */
    public LoadOptions load() {
        return load;
    }
}
