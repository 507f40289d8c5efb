package bench.server;

import course.command.OptionValues;
import picocli.CommandLine.Option;

/** The generator's connections and threads, shared by every server bench; each bench gives its own defaults. */
public final class ClientOptions {
    private Integer connections;
    private Integer threads;

    @Option(names = "-c", paramLabel = "N", description = "Connections of the generator.")
    void connections(String value) {
        connections = OptionValues.intBetween("-c", value, 1, 100_000);
    }

    @Option(names = "-t", paramLabel = "N", description = "Threads of the generator.")
    void threads(String value) {
        threads = OptionValues.intBetween("-t", value, 1, 256);
    }

    int connections(int fallback) {
        return connections == null ? fallback : connections;
    }

    int threads(int fallback) {
        return threads == null ? fallback : threads;
    }
}
