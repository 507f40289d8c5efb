package course.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of every process on the machine, from /proc/[pid]/stat (utime + stime, in clock ticks). Two snapshots
 * give what each process took in between; a process that started in between counts from zero. A process that ended
 * in between is not seen at all (its time went to its parent's cutime, which we do not count), so the figure is a
 * lower bound: it catches the long-running busy neighbours that matter.
 */
final class ProcessCpu {
    /** USER_HZ: the unit of /proc/[pid]/stat's times; 100 on every Linux architecture the course runs on. */
    static final double TICKS_PER_SECOND = 100.0;

    private static final Path PROC = Path.of("/proc");

    /** One process's identity (pid and start time, as pids are reused) and its CPU ticks so far. */
    record Entry(long pid, long startTicks, long cpuTicks) {}

    private final Map<Long, Entry> byPid;

    private ProcessCpu(Map<Long, Entry> byPid) {
        this.byPid = byPid;
    }

    /** All processes this user can see; {@code null} where there is no /proc. */
    static ProcessCpu snapshot() {
        if (!Files.isDirectory(PROC)) {
            return null;
        }
        Map<Long, Entry> all = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path dir : dirs) {
                try {
                    Entry e = parse(Files.readString(dir.resolve("stat")));
                    if (e != null) {
                        all.put(e.pid(), e);
                    }
                } catch (IOException | RuntimeException gone) {
                    // The process ended while we listed /proc.
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new ProcessCpu(all);
    }

    /**
     * {@code pid (comm) state ppid ... utime(14) stime(15) ... starttime(22)}; comm may hold spaces and parentheses,
     * so the fields are counted from the last ')'.
     */
    static Entry parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        long pid = Long.parseLong(stat.substring(0, stat.indexOf(' ')).trim());
        String[] f = stat.substring(close + 2).trim().split("\\s+");
        // f[0] is field 3 (state): field n is f[n - 3].
        long utime = Long.parseLong(f[14 - 3]);
        long stime = Long.parseLong(f[15 - 3]);
        long start = Long.parseLong(f[22 - 3]);
        return new Entry(pid, start, utime + stime);
    }

    /** Seconds of CPU that processes not in {@code excluded} took between {@code before} and this snapshot. */
    double otherSecondsSince(ProcessCpu before, Set<Long> excluded) {
        long ticks = 0;
        for (Entry now : byPid.values()) {
            if (excluded.contains(now.pid())) {
                continue;
            }
            Entry then = before.byPid.get(now.pid());
            boolean same = then != null && then.startTicks() == now.startTicks();
            ticks += now.cpuTicks() - (same ? then.cpuTicks() : 0);
        }
        return ticks / TICKS_PER_SECOND;
    }
}
