package bench;

import course.command.OutFolder;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code --out FILE} of every bench: where its results go, {@code results/bench-<bench>.json} unless told. */
@Command(resourceBundle = "bench.BenchOptions")
public final class OutOption {
    // Each bench writes its file at its end, minutes or hours in: a file it could not write is refused at once.
    @Option(names = "--out", paramLabel = "FILE", converter = OutFolder.FileToWrite.class)
    private Path out;

    /** The file given, else {@code results/bench-<bench>.json}. */
    public Path out(String bench) {
        return out != null ? out : Path.of("results", "bench-" + bench + ".json");
    }
}
