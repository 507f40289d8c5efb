package bench.server;

import course.command.OptionValues;
import picocli.CommandLine.Option;

/**
 * The options {@code bench load} and {@code bench stabilize} share: how long each run lasts, the generator's
 * connections and threads, and how many keys the reference holds. Each bench gives its own defaults.
 */
public final class GeneratorOptions {
    private String duration;
    private Integer connections;
    private Integer threads;
    private long keys = 75_000;

    @Option(names = "--duration", paramLabel = "T", description = "Length of each run, e.g. 15s or 1m (default 15s).")
    void duration(String value) {
        if (!value.matches("\\d+(s|m)")) {
            throw new IllegalArgumentException("--duration takes e.g. 10s or 1m, got '" + value + "'");
        }
        duration = value;
    }

    @Option(names = "-c", paramLabel = "N", description = "Connections of the generator.")
    void connections(String value) {
        connections = OptionValues.intBetween("-c", value, 1, 100_000);
    }

    @Option(names = "-t", paramLabel = "N", description = "Threads of the generator.")
    void threads(String value) {
        threads = OptionValues.intBetween("-t", value, 1, 256);
    }

    @Option(names = "--keys", paramLabel = "N", description = "Keys filled in the reference's database (default"
            + " 75000).")
    void keys(String value) {
        keys = OptionValues.between("--keys", value, 1, 1_000_000_000L);
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
        return connections == null ? fallback : connections;
    }

    int threads(int fallback) {
        return threads == null ? fallback : threads;
    }

    long keys() {
        return keys;
    }
}
