package bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A memory cgroup of its own for the benchmark JVM, so that a database larger than the limit cannot be served from
 * memory. The kernel charges a cgroup for its processes' heap, native memory <em>and the page cache they fill</em>
 * (both cgroup v1 and v2 do), so once the engines' files are larger than the limit, reads of pages evicted under it
 * go to the disk. That is the only honest way to limit the reference (which reads its tables through {@code mmap})
 * and RocksDB alike: a smaller heap or block cache would limit neither engine's page cache.
 */
final class MemoryCgroup {
    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    private final Path dir;
    private final boolean v2;

    private MemoryCgroup(Path dir, boolean v2) {
        this.dir = dir;
        this.v2 = v2;
    }

    /** The group at {@code dir}, made earlier by {@link #create}. */
    static MemoryCgroup at(Path dir) {
        return new MemoryCgroup(dir, Files.exists(dir.resolve("memory.max")));
    }

    /**
     * Creates a child of this process's memory cgroup with the given limit.
     *
     * @throws IOException with a sentence saying why and what to do, when cgroups cannot be created here
     */
    static MemoryCgroup create(String name, long limitBytes) throws IOException {
        MemoryCgroup parent = own().orElseThrow(() -> new IOException("this process is in no memory cgroup that"
                + " can be found under " + ROOT + " (neither a cgroup v1 'memory' controller nor a cgroup v2 with"
                + " 'memory' enabled); run without --memory-limit, or on a Linux machine with cgroups"));
        Path child = parent.dir.resolve(name);
        try {
            Files.createDirectories(child);
            MemoryCgroup group = new MemoryCgroup(child, parent.v2);
            Files.writeString(group.file(group.v2 ? "memory.max" : "memory.limit_in_bytes"), Long.toString(limitBytes));
            return group;
        } catch (IOException e) {
            throw new IOException(
                    "cannot create a memory cgroup at " + child + " (" + e.getMessage() + "); run as"
                            + " a user who may write there (root, or a delegated cgroup), or without --memory-limit",
                    e);
        }
    }

    private static Optional<MemoryCgroup> own() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/self/cgroup"));
        for (String line : lines) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && List.of(parts[1].split(",")).contains("memory")) {
                Path dir = ROOT.resolve("memory").resolve(parts[2].substring(1));
                if (Files.isDirectory(dir)) {
                    return Optional.of(new MemoryCgroup(dir, false));
                }
            }
        }
        for (String line : lines) {
            if (line.startsWith("0::")) {
                Path dir = ROOT.resolve(line.substring(4));
                if (Files.exists(dir.resolve("memory.max"))
                        || (Files.exists(ROOT.resolve("cgroup.controllers"))
                                && Files.readString(ROOT.resolve("cgroup.controllers"))
                                        .contains("memory"))) {
                    return Optional.of(new MemoryCgroup(dir, true));
                }
            }
        }
        return Optional.empty();
    }

    /** The file a process writes its pid to in order to join. */
    Path procs() {
        return file("cgroup.procs");
    }

    /** The highest the group's charge (heap, native memory, page cache) reached, or -1 where the kernel omits it. */
    long peakBytes() throws IOException {
        Path peak = file(v2 ? "memory.peak" : "memory.max_usage_in_bytes");
        return Files.exists(peak) ? Long.parseLong(Files.readString(peak).trim()) : -1;
    }

    /** How often the limit was hit (v1 failcnt; v2 the 'max' events): above 0 means memory was reclaimed. */
    long limitHits() throws IOException {
        if (!v2) {
            return Long.parseLong(Files.readString(file("memory.failcnt")).trim());
        }
        for (String line : Files.readAllLines(file("memory.events"))) {
            if (line.startsWith("max ")) {
                return Long.parseLong(line.substring(4).trim());
            }
        }
        return -1;
    }

    /** Removes the group once its processes have exited (the kernel keeps it otherwise). */
    void delete() throws IOException {
        Files.deleteIfExists(dir);
    }

    private Path file(String name) {
        return dir.resolve(name);
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
