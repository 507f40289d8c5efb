package bench.server;

import course.command.CourseCommand;
import course.command.CourseCommandLine;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench load} ({@link LoadToolBench}). */
@Command(
        name = "load",
        resourceBundle = "bench.BenchOptions",
        synopsisHeading = "",
        customSynopsis =
                "usage: ./course bench load [--rates R,R] [--duration T] [--repeats N] [-c N] [-t N] [--keys N] [--out FILE]%n",
        description = {
            "The course's load generator next to the real wrk2 against the same filled stage-1 reference,"
                    + " at the same rates, runs alternating: latency, achieved rate and CPU per request.",
            ""
        },
        footer = {
            "",
            "wrk2 is found through $WRK2 or PATH ('wrk2', or a 'wrk' that takes -R). Both tools run as child"
                    + " processes; the course's generator with --no-stabilize (wrk2 has no such mode). -c and -t default"
                    + " to 64 and 2, the same for both tools; --repeats (runs of each tool at each rate) to 3."
        })
public final class LoadBenchOptions extends CourseCommand {
    @Mixin
    private GeneratorOptions generator;

    private List<Long> rates = List.of(10_000L, 25_000L);

    /** The options, or null when --help was asked for; bad input is an {@link IllegalArgumentException}. */
    static LoadBenchOptions parse(String... args) {
        return CourseCommandLine.parsed(new LoadBenchOptions(), args);
    }

    @Option(names = "--rates", paramLabel = "R,R")
    void rates(String value) {
        try {
            List<Long> parsed = Arrays.stream(value.split(","))
                    .map(String::trim)
                    .map(Long::parseLong)
                    .toList();
            if (parsed.stream().allMatch(r -> r > 0)) {
                rates = parsed;
                return;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(
                "--rates takes positive rates separated by commas, e.g. 10000,25000; got '" + value + "'");
    }

    @Override
    public Integer call() throws Exception {
        return LoadToolBench.run(this);
    }

    GeneratorOptions generator() {
        return generator;
    }

    List<Long> rates() {
        return rates;
    }

    long repeats() {
        return generator.repeats(3);
    }

    Path out() {
        return generator.out("load");
    }
}
