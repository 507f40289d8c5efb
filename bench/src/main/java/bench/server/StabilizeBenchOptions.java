package bench.server;

import course.command.CourseCommandLine;
import course.command.HelpOption;
import course.command.OptionValues;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench stabilize} ({@link StabilizeBench}). */
@Command(name = "stabilize", synopsisHeading = "",
        customSynopsis = "usage: ./course bench stabilize [--repeats N] [--rate R] [--duration T] [-c N] [-t N] [--keys N] [--out FILE]%n",
        description = {"Plain vs --stabilize runs of the course's generator against the filled stage-1 reference,"
                + " alternating, several repetitions, medians of p99: does keeping the vCPUs busy help on this"
                + " machine?", ""},
        footer = {"", "-c and -t default to 8 and 1; --repeats (pairs of runs: plain, stabilized) to 5."})
public final class StabilizeBenchOptions implements Callable<Integer> {
    @Mixin
    private HelpOption help;
    @Mixin
    private GeneratorOptions generator;
    private long rate = 1000;

    /** The options, or null when --help was asked for; bad input is an {@link IllegalArgumentException}. */
    static StabilizeBenchOptions parse(String... args) {
        StabilizeBenchOptions o = new StabilizeBenchOptions();
        return CourseCommandLine.parse(o, args) ? null : o;
    }

    @Option(names = "--rate", paramLabel = "R", description = "Requests/s, GET of uniform keys (default 1000).")
    void rate(String value) {
        rate = OptionValues.between("--rate", value, 1, 10_000_000);
    }

    @Override
    public Integer call() throws Exception {
        return StabilizeBench.run(this);
    }

    GeneratorOptions generator() {
        return generator;
    }

    long repeats() {
        return generator.repeats(5);
    }

    long rate() {
        return rate;
    }

    Path out() {
        return generator.out("stabilize");
    }
}
