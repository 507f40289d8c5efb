package course.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine's CPU time since boot, in ticks ({@link ProcessCpu#TICKS_PER_SECOND}), from one reading of /proc/stat
 * and /proc/uptime: its CPUs' wall time, the busy part of it (all processes' time) and the part the hypervisor stole.
 * Differences of two readings are what a run compares: other processes' CPU ({@link ProcessCpu}) and steal
 * ({@link CpuSteal}), both as parts of the CPUs' wall time.
 *
 * <p>Not /proc/stat's user + nice + system, nor the sum of its columns: the kernel counts those a tick at a time, and
 * on the course VM (tick CPU accounting, HZ=250) it lost or bunched ticks for seconds (its user + system stood still
 * for three seconds while the processes' own times grew by 0.7-1 CPU a second, and ran ahead by a third of a CPU for
 * three seconds before that), so a run's 3-second step read 15-20% of the CPUs as "others" on an idle machine, and a
 * steal share over those columns read high by as much as they lost. Idle time is kept from the clock, not from ticks:
 * the wall time less idle, iowait, irq, softirq and steal stayed within 1-9 ticks a second (of 200) above the
 * processes' own times there.
 */
record MachineCpu(long busyTicks, long wallTicks, long stealTicks) {
    private static final Path PROC = Path.of("/proc");

    /** The reading now; null where /proc/stat or /proc/uptime cannot be read. */
    static MachineCpu now() {
        try {
            List<String> stat = Files.readAllLines(PROC.resolve("stat"));
            double uptime = Double.parseDouble(
                    Files.readString(PROC.resolve("uptime")).trim().split("\\s+")[0]);
            long cpus = stat.stream().filter(l -> l.matches("cpu\\d+ .*")).count();
            return stat.isEmpty() ? null : of(stat.getFirst(), uptime, cpus);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The reading from /proc/stat's aggregate {@code cpu user nice system idle iowait irq softirq steal ...} line,
     * {@code uptimeSeconds} (/proc/uptime's first figure) and {@code cpus}, the number of per-CPU lines; null for a line
     * without a steal column or no CPUs.
     */
    static MachineCpu of(String cpuLine, double uptimeSeconds, long cpus) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu") || cpus < 1) {
            return null;
        }
        long notBusy = 0;
        for (int i = 4; i <= 8; i++) { // idle iowait irq softirq steal
            notBusy += Long.parseLong(f[i]);
        }
        long wall = Math.round(uptimeSeconds * ProcessCpu.TICKS_PER_SECOND * cpus);
        return new MachineCpu(wall - notBusy, wall, Long.parseLong(f[8]));
    }
}
