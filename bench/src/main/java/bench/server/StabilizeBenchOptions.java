package bench.server;

import bench.BenchValues.Rate;
import course.command.CourseCommand;
import course.command.CourseCommandLine;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench stabilize} ({@link StabilizeBench}). */
@Command(
        name = "stabilize",
        resourceBundle = "bench.BenchOptions",
        synopsisHeading = "",
        customSynopsis =
                "usage: ./course bench stabilize [--repeats N] [--rate R] [--duration T] [-c N] [-t N] [--keys N] [--out FILE]%n",
        description = {
            "Plain vs --stabilize runs of the course's generator against the filled stage-1 reference,"
                    + " alternating, several repetitions, medians of p99: does keeping the vCPUs busy help on this"
                    + " machine?",
            ""
        },
        footer = {"", "-c and -t default to 8 and 1; --repeats (pairs of runs: plain, stabilized) to 5."})
public final class StabilizeBenchOptions extends CourseCommand {
    @Mixin
    private GeneratorOptions generator;

    @Option(names = "--rate", paramLabel = "R", converter = Rate.class)
    private long rate = 1000;

    /** The options, or null when --help was asked for; bad input is an {@link IllegalArgumentException}. */
    static StabilizeBenchOptions parse(String... args) {
        return CourseCommandLine.parsed(new StabilizeBenchOptions(), args);
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
