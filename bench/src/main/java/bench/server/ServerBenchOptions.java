package bench.server;

import bench.BenchValues.Count;
import bench.BenchValues.ValueBytes;
import bench.OutOption;
import course.command.CourseCommand;
import course.command.CourseCommandLine;
import course.command.OptionValues;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench server}. */
@Command(
        name = "server",
        resourceBundle = "bench.BenchOptions",
        synopsisHeading = "",
        customSynopsis = "usage: ./course bench server [--keys N] [--value-size B] [--step-duration T] [-c N] [-t N]"
                + " [--out FILE]%n",
        description = {
            "The stage-1 reference server next to an in-memory ceiling (the same server over a map):"
                    + " the highest GET rate each sustains under the SLO, and their ratio.",
            ""
        },
        footer = {
            "",
            "-c and -t default to 32 and 2. The saturation steps of each server are kept next to --out, in"
                    + " bench-server/<time>/<server>/."
        })
public final class ServerBenchOptions extends CourseCommand {
    // One line an option: the help texts are in BenchOptions.properties (picocli's resource bundle).
    @Option(names = "--keys", paramLabel = "N", converter = Count.class, descriptionKey = "server.keys")
    private long keys = 200_000;

    @Option(names = "--value-size", paramLabel = "B", converter = ValueBytes.class, descriptionKey = "server.value")
    private int valueSize = 100;

    private String stepDuration = "5s";

    @Mixin
    private ClientOptions client;

    @Mixin
    private OutOption out;

    @Override
    public Integer call() throws Exception {
        return ServerBench.run(this);
    }

    /** The options, or null when --help was asked for; bad input is an {@link IllegalArgumentException}. */
    static ServerBenchOptions parse(String[] args) {
        return CourseCommandLine.parsed(new ServerBenchOptions(), args);
    }

    @Option(names = "--step-duration", paramLabel = "T")
    void stepDuration(String v) {
        stepDuration = OptionValues.matching("--step-duration", v, "\\d+(ms|s|m)?", "takes e.g. 5s");
    }

    long keys() {
        return keys;
    }

    int valueSize() {
        return valueSize;
    }

    int connections() {
        return client.connections(32);
    }

    int threads() {
        return client.threads(2);
    }

    /** As given: {@code ./course saturate} reads it. */
    String stepDuration() {
        return stepDuration;
    }

    Path out() {
        return out.out("server");
    }
}
