package bench;

import course.command.CourseCommand;
import course.command.CourseCommandLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The options of {@code bench storage}; {@link #parse} rejects anything it does not understand. */
@Command(
        name = "storage",
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
    @Option(
            names = "--keys",
            paramLabel = "N",
            converter = BenchValues.Count.class,
            description = "Keys to write (default 1000000).")
    private long keys = 1_000_000;

    @Option(
            names = "--value-size",
            paramLabel = "B",
            converter = BenchValues.StoredValueBytes.class,
            description = "Bytes per value, 8..1048576 (default 1024).")
    private int valueSize = 1024;

    @Option(
            names = "--reads",
            paramLabel = "N",
            converter = BenchValues.Count.class,
            description = "Random point reads per engine (default: as many as keys).")
    private Long reads;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to save the results as JSON (default results/bench-storage.json).")
    private Path out = Path.of("results", "bench-storage.json");

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Parent directory for the two databases (default: the"
                    + " system temp directory); they are created in a fresh subdirectory and deleted at the end.")
    private Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(
            names = "--memory-limit",
            paramLabel = "MIB",
            converter = BenchValues.MemoryMiB.class,
            description = "Run the benchmark in a memory cgroup of this many MiB (64..1048576), which holds the JVM's"
                    + " heap (a quarter of it), both engines' native memory and the page cache of their files: with"
                    + " more data than that, reads go to the disk. Needs a writable cgroup (v1 memory controller or"
                    + " v2); default: no limit.")
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
                out.toString(),
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
        return out;
    }

    Path dir() {
        return dir;
    }
}
