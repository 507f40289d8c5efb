package course.load;

import java.nio.file.Path;

/**
 * CPU steal over an interval, from the aggregate {@code cpu} line of /proc/stat: the time the hypervisor ran
 * something else while our vCPUs wanted to run, as a percent of all CPU time. Absent where there is no /proc/stat.
 */
final class CpuSteal {
    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** A reading of the counters; {@code null} fields when /proc/stat cannot be read. */
    record Sample(long steal, long total) {}

    private CpuSteal() {}

    static Sample sample() {
        return sample(PROC_STAT);
    }

    static Sample sample(Path procStat) {
        return ProcFiles.firstLine(procStat, "cpu ", CpuSteal::parse);
    }

    /** Parses {@code cpu user nice system idle iowait irq softirq steal guest guest_nice}. */
    static Sample parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 9) {
            return null;
        }
        long total = 0;
        // guest and guest_nice are already counted inside user and nice.
        for (int i = 1; i <= Math.min(8, f.length - 1); i++) {
            total += Long.parseLong(f[i]);
        }
        return new Sample(Long.parseLong(f[8]), total);
    }

    /** Steal percent between two samples, or {@code null} when either is missing or no time passed. */
    static Double percent(Sample before, Sample after) {
        if (before == null || after == null || after.total() <= before.total()) {
            return null;
        }
        return 100.0 * (after.steal() - before.steal()) / (after.total() - before.total());
    }
}
