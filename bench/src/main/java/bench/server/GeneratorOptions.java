package bench.server;

import bench.BenchValues.Count;
import bench.BenchValues.Repeats;
import bench.OutOption;
import course.command.OptionValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code bench load} and {@code bench stabilize} share: how long each run lasts and how often it is
 * repeated, the generator's connections and threads, how many keys the reference holds, and where the summary goes.
 * Each bench gives its own defaults.
 */
@Command(resourceBundle = "bench.BenchOptions")
public final class GeneratorOptions {
    @Mixin
    private ClientOptions client;

    @Mixin
    private OutOption out;

    private String duration;

    // One line an option: the help texts are in BenchOptions.properties (picocli's resource bundle).
    @Option(names = "--keys", paramLabel = "N", converter = Count.class)
    private long keys = 75_000;

    @Option(names = "--repeats", paramLabel = "N", converter = Repeats.class)
    private Long repeats;

    @Option(names = "--duration", paramLabel = "T")
    void duration(String value) {
        duration = OptionValues.matching("--duration", value, "\\d+(s|m)", "takes e.g. 10s or 1m");
    }

    String duration() {
        return duration == null ? "15s" : duration;
    }

    /** Seconds of one run. */
    long seconds() {
        String d = duration();
        return Long.parseLong(d.substring(0, d.length() - 1)) * (d.endsWith("m") ? 60 : 1);
    }

    int connections(int fallback) {
        return client.connections(fallback);
    }

    int threads(int fallback) {
        return client.threads(fallback);
    }

    long keys() {
        return keys;
    }

    /**
     * The load command line of one run: {@code rate} GETs/s of uniform keys of the filled reference for --duration,
     * on -c connections and -t threads (else {@code connections} and {@code threads}), without progress lines; then
     * {@code more}.
     */
    List<String> loadCommand(String url, long rate, int connections, int threads, String... more) {
        return loadCommand(url, rate, duration(), connections, threads, more);
    }

    /** {@link #loadCommand(String, long, int, int, String...)} for {@code duration} instead of --duration. */
    List<String> loadCommand(String url, long rate, String duration, int connections, int threads, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--url",
                url,
                "-R",
                String.valueOf(rate),
                "-c",
                String.valueOf(connections(connections)),
                "-t",
                String.valueOf(threads(threads)),
                "-d",
                duration,
                "--workload",
                "get",
                "--keys",
                String.valueOf(keys),
                "--key-order",
                "uniform",
                "--no-progress"));
        args.addAll(List.of(more));
        return args;
    }

    long repeats(long fallback) {
        return repeats == null ? fallback : repeats;
    }

    /** {@code results/bench-<name>.json} unless --out says otherwise. */
    Path out(String name) {
        return out.out(name);
    }
}
