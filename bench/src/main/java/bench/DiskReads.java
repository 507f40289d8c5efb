package bench;

import course.load.ProcFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What this JVM made the kernel read from the disk so far: {@code read_bytes} of {@code /proc/self/io} (bytes the
 * block layer fetched for this process, page-cache hits excluded, memory-mapped page faults and read-ahead included)
 * and the major page faults of {@code /proc/self/stat}. The difference between two snapshots, per operation, says
 * whether an engine's reads beyond memory cost one disk read each or pull in far more than they use. Linux only;
 * elsewhere every snapshot is empty and nothing is printed.
 */
record DiskReads(long bytes, long majorFaults) {
    private static final DiskReads NONE = new DiskReads(-1, -1);

    static DiskReads now() {
        try {
            Long read = ProcFiles.firstLine(
                    Path.of("/proc/self/io"),
                    "read_bytes:",
                    line -> Long.parseLong(
                            line.substring("read_bytes:".length()).trim()));
            long bytes = read == null ? -1 : read;
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // Fields after the command name (which may hold spaces) start after its closing parenthesis;
            // majflt is field 12 of the whole line, the 10th after the name.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return new DiskReads(bytes, Long.parseLong(fields[9]));
        } catch (IOException | RuntimeException notLinux) {
            return NONE;
        }
    }

    /** "; disk: X MiB read (Y KiB per op), Z major faults (W per op)", or "" where not measurable. */
    String since(DiskReads before, long ops) {
        if (bytes < 0 || before.bytes < 0 || ops <= 0) {
            return "";
        }
        long read = bytes - before.bytes;
        long faults = majorFaults - before.majorFaults;
        return String.format(
                Locale.ROOT,
                "; disk: %.1f MiB read (%.1f KiB per op), %d major faults (%.2f per op)",
                read / 1048576.0,
                read / 1024.0 / ops,
                faults,
                (double) faults / ops);
    }
}
