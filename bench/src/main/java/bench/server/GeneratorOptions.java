package bench.server;

import bench.BenchValues;
import course.command.OptionValues;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options {@code bench load} and {@code bench stabilize} share: how long each run lasts and how often it is
 * repeated, the generator's connections and threads, how many keys the reference holds, and where the summary goes.
 * Each bench gives its own defaults.
 */
public final class GeneratorOptions {
    @Mixin
    private ClientOptions client;

    private String duration;

    @Option(
            names = "--keys",
            paramLabel = "N",
            converter = BenchValues.Count.class,
            description = "Keys filled in the reference's database (default 75000).")
    private long keys = 75_000;

    @Option(
            names = "--repeats",
            paramLabel = "N",
            converter = BenchValues.Repeats.class,
            description = "Repetitions; the order of what is compared alternates.")
    private Long repeats;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where the JSON summary goes (default" + " results/bench-<name>.json).")
    private Path out;

    @Option(names = "--duration", paramLabel = "T", description = "Length of each run, e.g. 15s or 1m (default 15s).")
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

    long repeats(long fallback) {
        return repeats == null ? fallback : repeats;
    }

    /** {@code results/bench-<name>.json} unless --out says otherwise. */
    Path out(String name) {
        return out != null ? out : Path.of("results", "bench-" + name + ".json");
    }
}
