package bench.server;

import course.command.CourseCommandLine;
import course.command.HelpOption;
import course.command.OptionValues;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench server}. */
@Command(name = "server", synopsisHeading = "",
        customSynopsis = "usage: ./course bench server [--keys N] [--value-size B] [--step-duration T] [-c N] [-t N]"
                + " [--out FILE]%n",
        description = {"The stage-1 reference server next to an in-memory ceiling (the same server over a map):"
                + " the highest GET rate each sustains under the SLO, and their ratio.", ""},
        footer = {"", "-c and -t default to 32 and 2. The saturation steps of each server are kept next to --out, in"
                + " bench-server/<server>/."})
public final class ServerBenchOptions implements Callable<Integer> {
    @Mixin
    private HelpOption help;
    private long keys = 200_000;
    private int valueSize = 100;
    private String stepDuration = "5s";
    @Mixin
    private ClientOptions client;
    private Path out = Path.of("results", "bench-server.json");

    @Override
    public Integer call() throws Exception {
        return ServerBench.run(this);
    }

    /** The options, or null when --help was asked for; bad input is an {@link IllegalArgumentException}. */
    static ServerBenchOptions parse(String[] args) {
        ServerBenchOptions o = new ServerBenchOptions();
        return CourseCommandLine.parse(o, args) ? null : o;
    }


    @Option(names = "--keys", paramLabel = "N", description = "Keys in both databases (default 200000).")
    void keys(String v) {
        keys = OptionValues.between("--keys", v, 1, 1_000_000_000L);
    }

    @Option(names = "--value-size", paramLabel = "B", description = "Bytes per value (default 100).")
    void valueSize(String v) {
        valueSize = OptionValues.intBetween("--value-size", v, 1, 64 << 20);
    }

    @Option(names = "--step-duration", paramLabel = "T", description = "Length of each saturation step (default 5s).")
    void stepDuration(String v) {
        if (!v.matches("\\d+(ms|s|m)?")) {
            throw new IllegalArgumentException("--step-duration takes e.g. 5s, got '" + v + "'");
        }
        stepDuration = v;
    }

    @Option(names = "--out", paramLabel = "FILE", description = "Where the JSON summary goes (default"
            + " results/bench-server.json).")
    void out(Path file) {
        out = file;
    }

    long keys() {
        return keys;
    }

    int valueSize() {
        return valueSize;
    }

    String stepDuration() {
        return stepDuration;
    }

    int connections() {
        return client.connections(32);
    }

    int threads() {
        return client.threads(2);
    }

    Path out() {
        return out;
    }
}
