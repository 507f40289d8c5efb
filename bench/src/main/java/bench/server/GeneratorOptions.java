package bench.server;

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
    private long keys = 75_000;
    private Long repeats;
    @Option(names = "--out", paramLabel = "FILE", description = "Where the JSON summary goes (default"
            + " results/bench-<name>.json).")
    private Path out;

    @Option(names = "--duration", paramLabel = "T", description = "Length of each run, e.g. 15s or 1m (default 15s).")
    void duration(String value) {
        if (!value.matches("\\d+(s|m)")) {
            throw new IllegalArgumentException("--duration takes e.g. 10s or 1m, got '" + value + "'");
        }
        duration = value;
    }

    @Option(names = "--keys", paramLabel = "N", description = "Keys filled in the reference's database (default"
            + " 75000).")
    void keys(String value) {
        keys = OptionValues.between("--keys", value, 1, 1_000_000_000L);
    }

    @Option(names = "--repeats", paramLabel = "N", description = "Repetitions; the order of what is compared"
            + " alternates.")
    void repeats(String value) {
        repeats = OptionValues.between("--repeats", value, 1, 1000);
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
