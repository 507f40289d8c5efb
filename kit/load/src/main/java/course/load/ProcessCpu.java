package course.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of every process on the machine, from /proc/[pid]/stat (utime + stime, in clock ticks), and of the machine
 * as a whole, from /proc/stat. Two snapshots give what each process took in between; a process that started in
 * between counts from zero.
 *
 * <p>What the listing does not show is counted too, from the machine's total: processes that started and ended
 * between the snapshots (a busy test machine starts and ends hundreds of short JVMs), and processes of another pid
 * namespace. The grader's sandbox has a pid namespace of its own, where the listing holds the sandbox's processes
 * only: judged by it, a machine saturated by other work looked like a run saturating the CPUs itself.
 */
final class ProcessCpu {
    /** USER_HZ: the unit of /proc/[pid]/stat's times; 100 on every Linux architecture the course runs on. */
    static final double TICKS_PER_SECOND = 100.0;

    private static final Path PROC = Path.of("/proc");

    /** /proc/uptime has hundredths of a second: a reading may be that far off on each CPU, at each end. */
    private static final long MACHINE_SLACK_TICKS = 4;

    /**
     * One process's identity (pid and start time, as pids are reused), its CPU ticks so far, and those of its
     * children that ended and were waited for (cutime + cstime).
     */
    record Entry(long pid, long startTicks, long cpuTicks, long endedChildrenTicks) {}

    private final Map<Long, Entry> byPid;
    /** The machine's CPU figures read with this listing; null where /proc/stat or /proc/uptime cannot be read. */
    private final MachineCpu machine;

    ProcessCpu(Map<Long, Entry> byPid, MachineCpu machine) {
        this.byPid = byPid;
        this.machine = machine;
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
        return new ProcessCpu(all, MachineCpu.now());
    }

    /** The machine's CPU figures read with this listing, or null. */
    MachineCpu machine() {
        return machine;
    }

    /** Every pid listed. */
    Set<Long> pids() {
        return Set.copyOf(byPid.keySet());
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
        long cutime = Long.parseLong(f[16 - 3]);
        long cstime = Long.parseLong(f[17 - 3]);
        long start = Long.parseLong(f[22 - 3]);
        return new Entry(pid, start, utime + stime, cutime + cstime);
    }

    /**
     * Seconds of CPU that processes not in {@code excluded} took between {@code before} and this snapshot: the
     * listed ones, or where more, the machine's total less what the excluded ones and their ended children took. The
     * latter holds only where every process of {@code excluded} waits for its children: one that leaves a child
     * unwaited (bubblewrap's outer process exits without waiting for the sandbox's first one, which init then reaps)
     * makes that child's CPU look like others'. {@link #listedOtherSecondsSince} is for such a tree. An excluded
     * process that waits for a child in between adds all the child's CPU, from before the interval too: then the
     * total errs low, and the listing's figure stands.
     */
    double otherSecondsSince(ProcessCpu before, Set<Long> excluded) {
        double listed = listedOtherSecondsSince(before, excluded);
        if (machine == null || before.machine == null) {
            return listed;
        }
        long busy = machine.busyTicks() - before.machine.busyTicks();
        // Never more than the CPUs' time in between, nor less than none: else the two files are not one machine's
        // view (a container's virtualized /proc, say), and the listing's figure stands.
        if (busy < 0 || busy > machine.wallTicks() - before.machine.wallTicks() + MACHINE_SLACK_TICKS) {
            return listed;
        }
        long excludedTicks = 0;
        for (long pid : excluded) {
            Entry now = byPid.get(pid);
            if (now != null) {
                Entry then = before.sameProcess(now);
                excludedTicks += now.cpuTicks() - (then == null ? 0 : then.cpuTicks());
                excludedTicks += now.endedChildrenTicks() - (then == null ? 0 : then.endedChildrenTicks());
            }
        }
        return Math.max(listed, (busy - excludedTicks) / TICKS_PER_SECOND);
    }

    /**
     * Seconds of CPU that the listed processes not in {@code excluded} took between {@code before} and this snapshot:
     * a lower bound, blind to processes that ended in between and to other pid namespaces.
     */
    double listedOtherSecondsSince(ProcessCpu before, Set<Long> excluded) {
        long ticks = 0;
        for (Entry now : byPid.values()) {
            if (!excluded.contains(now.pid())) {
                Entry then = before.sameProcess(now);
                ticks += now.cpuTicks() - (then == null ? 0 : then.cpuTicks());
            }
        }
        return ticks / TICKS_PER_SECOND;
    }

    /** The entry this snapshot holds for the process {@code now} describes; null when that one started later. */
    private Entry sameProcess(Entry now) {
        Entry then = byPid.get(now.pid());
        return then != null && then.startTicks() == now.startTicks() ? then : null;
    }
}
