package bench;

import bench.BenchValues.Count;
import bench.BenchValues.MemoryMiB;
import bench.BenchValues.StoredValueBytes;
import course.command.CourseCommand;
import course.command.CourseCommandLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code bench storage}; {@link #parse} rejects anything it does not understand. */
@Command(
        name = "storage",
        resourceBundle = "bench.BenchOptions",
        synopsisHeading = "",
        customSynopsis = "usage: ./course bench storage [--keys N] [--value-size B] [--reads N] [--out FILE]"
                + " [--dir DIR]"
                + " [--memory-limit MIB]%n",
        description = {
            "Fills the reference LSM engine (solutions.lsm.LsmStorage) and RocksDB with the same data in one run,"
                    + " then measures uniform random point reads and one full range scan of each, and prints"
                    + " ops/s, p99 and the ratio reference/RocksDB. Both engines get the same treatment: a 16 MiB"
                    + " memtable, a write-ahead log without fsync, no compression, and a flush + full compaction"
                    + " after the fill.",
            ""
        })
final class StorageBenchOptions extends CourseCommand {
    // One line an option: the help texts are in BenchOptions.properties (picocli's resource bundle).
    @Option(names = "--keys", paramLabel = "N", converter = Count.class, descriptionKey = "storage.keys")
    private long keys = 1_000_000;

    @Option(
            names = "--value-size",
            paramLabel = "B",
            converter = StoredValueBytes.class,
            descriptionKey = "storage.value")
    private int valueSize = 1024;

    @Option(names = "--reads", paramLabel = "N", converter = Count.class)
    private Long reads;

    @Mixin
    private OutOption out;

    @Option(names = "--dir", paramLabel = "DIR")
    private Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(names = "--memory-limit", paramLabel = "MIB", converter = MemoryMiB.class)
    private Long memoryLimitMiB;

    StorageBenchOptions() {}

    static StorageBenchOptions parse(List<String> args) {
        StorageBenchOptions o = new StorageBenchOptions();
        CourseCommandLine.parse(o, args.toArray(String[]::new));
        return o;
    }

    /** Runs the benchmark; a --dir that cannot hold the two databases is a usage error (exit 2). */
    @Override
    public Integer call() throws Exception {
        if (memoryLimitBytes() > 0 && LimitedRun.current() == null) {
            return LimitedRun.run(this, commandLine().toArray(String[]::new));
        }
        String problem = StorageBench.checkDirectory(this);
        if (problem != null) {
            throw usage(problem);
        }
        return StorageBench.run(this);
    }

    /** The cgroup limit in bytes, or 0 for none. */
    long memoryLimitBytes() {
        return memoryLimitMiB == null ? 0 : memoryLimitMiB << 20;
    }

    /** These options as {@code bench storage} arguments, for the JVM that runs inside the memory limit. */
    List<String> commandLine() {
        List<String> args = new ArrayList<>(List.of(
                "--keys",
                String.valueOf(keys),
                "--value-size",
                String.valueOf(valueSize),
                "--reads",
                String.valueOf(reads()),
                "--out",
                out().toString(),
                "--dir",
                dir.toString()));
        if (memoryLimitMiB != null) {
            args.addAll(List.of("--memory-limit", String.valueOf(memoryLimitMiB)));
        }
        return args;
    }

    long keys() {
        return keys;
    }

    int valueSize() {
        return valueSize;
    }

    long reads() {
        return reads == null ? keys : reads;
    }

    Path out() {
        return out.out("storage");
    }

    Path dir() {
        return dir;
    }
}
