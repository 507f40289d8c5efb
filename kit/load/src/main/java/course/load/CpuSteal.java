package course.load;

/**
 * CPU steal over an interval: the time the hypervisor ran something else while our vCPUs wanted to run, as a percent
 * of the CPUs' wall time in between (two {@link MachineCpu} readings). Absent where there is no reading.
 */
final class CpuSteal {
    private CpuSteal() {}

    /**
     * Steal percent between two readings, or {@code null} when either is missing or no time passed. Of the wall time,
     * not of /proc/stat's columns summed: those hold the ticked user and system time that a VM with tick accounting
     * loses or bunches ({@link MachineCpu}), and a share of less than the time that passed reads high.
     */
    static Double percent(MachineCpu before, MachineCpu after) {
        if (before == null || after == null || after.wallTicks() <= before.wallTicks()) {
            return null;
        }
        return 100.0 * (after.stealTicks() - before.stealTicks()) / (after.wallTicks() - before.wallTicks());
    }
}
