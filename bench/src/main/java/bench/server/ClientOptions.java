package bench.server;

import bench.BenchValues;
import picocli.CommandLine.Option;

/** The generator's connections and threads, shared by every server bench; each bench gives its own defaults. */
public final class ClientOptions {
    @Option(
            names = "-c",
            paramLabel = "N",
            converter = BenchValues.Connections.class,
            description = "Connections of the generator.")
    private Integer connections;

    @Option(
            names = "-t",
            paramLabel = "N",
            converter = BenchValues.Threads.class,
            description = "Threads of the generator.")
    private Integer threads;

    int connections(int fallback) {
        return connections == null ? fallback : connections;
    }

    int threads(int fallback) {
        return threads == null ? fallback : threads;
    }
}
