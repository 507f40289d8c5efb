package bench.server;

import bench.BenchValues.Connections;
import bench.BenchValues.Threads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The generator's connections and threads, shared by every server bench; each bench gives its own defaults. */
@Command(resourceBundle = "bench.BenchOptions")
public final class ClientOptions {
    @Option(names = "-c", paramLabel = "N", converter = Connections.class)
    private Integer connections;

    @Option(names = "-t", paramLabel = "N", converter = Threads.class)
    private Integer threads;

    int connections(int fallback) {
        return connections == null ? fallback : connections;
    }

    int threads(int fallback) {
        return threads == null ? fallback : threads;
    }
}
