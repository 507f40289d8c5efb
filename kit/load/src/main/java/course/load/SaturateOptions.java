package course.load;

import course.command.UsageException;
import course.load.Converters.Fraction;
import course.load.Converters.Positive;
import course.load.Converters.Repeats;
import course.load.Converters.Seconds;
import course.load.Converters.Steps;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The options of {@code course saturate}: the load options (without -R and -d) plus the search's own. */
@Command(resourceBundle = "course.load.LoadCommandOptions")
public final class SaturateOptions {
    LoadOptions load;

    SaturateOptions() {}

    /** Parses a saturate command line into checked options without running it (the in-process API). */
    public static SaturateOptions parse(String... args) throws UsageException {
        return SaturateCommand.parse(args);
    }

    // One line an option: the help texts are in LoadCommandOptions.properties (picocli's resource bundle).
    @Option(names = "--start-rate", paramLabel = "N", order = 1, converter = Positive.class)
    double startRate = 1000;

    @Option(names = "--max-rate", paramLabel = "N", order = 2, converter = Positive.class)
    double maxRate = 1_000_000;

    @Option(names = "--step-duration", paramLabel = "T", order = 3, converter = Seconds.class)
    double stepSeconds = 10;

    @Option(names = "--pause", paramLabel = "T", order = 4, converter = Seconds.class)
    double pauseSeconds = 1;

    @Option(names = "--resolution", paramLabel = "F", order = 5, converter = Fraction.class)
    double resolution = 0.05;

    @Option(names = "--p99-ms", paramLabel = "X", order = 6, converter = Positive.class)
    double p99Ms = 10;

    @Option(names = "--min-achieved", paramLabel = "F", order = 7, converter = Fraction.class)
    double minAchieved = .99;

    @Option(names = "--max-steps", paramLabel = "N", order = 8, converter = Steps.class)
    int maxSteps = 16;

    @Option(names = "--confirm-misses", paramLabel = "N", order = 9, converter = Repeats.class)
    int confirmMisses = 1;

    @Option(names = "--stop-when-contended", order = 10)
    boolean stopWhenContended;

    /** Rules between options, checked once everything is parsed. */
    SaturateOptions checked(LoadOptions parsedLoad) throws UsageException {
        parsedLoad.validate(false);
        if (resolution <= 0) {
            throw new UsageException("--resolution must be above 0, e.g. 5%");
        }
        if (startRate > maxRate) {
            throw new UsageException("--start-rate " + startRate + " is above --max-rate " + maxRate);
        }
        String outProblem = parsedLoad.out() == null ? null : OutPath.folderProblem(parsedLoad.out());
        if (outProblem != null) {
            throw new UsageException(outProblem);
        }
        load = parsedLoad.with(c -> c.duration(stepSeconds));
        return this;
    }

    /** The load options every step runs with (the step's rate is set per step). */
    public LoadOptions load() {
        return load;
    }
}
