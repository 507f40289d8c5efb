package bench;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code --out FILE} of every bench: where its results go, {@code results/bench-<bench>.json} unless told. */
@Command(resourceBundle = "bench.BenchOptions")
public final class OutOption {
    @Option(names = "--out", paramLabel = "FILE")
    private Path out;

    /** The file given, else {@code results/bench-<bench>.json}. */
    public Path out(String bench) {
        return out != null ? out : Path.of("results", "bench-" + bench + ".json");
    }
}
