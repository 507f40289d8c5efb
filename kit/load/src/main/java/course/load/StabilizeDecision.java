package course.load;

import course.results.Environment;
import course.results.LoadRun;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Whether to keep the vCPUs from halting during a run (see {@link Stabilizer}). The busy loops help only on hosts
 * where waking a halted vCPU is costly, which shows as steal (20-50% on the VM they were made for); on a host with
 * little steal they made p99 50-500x worse (issue #12: an AMD EPYC VM at 0.1% steal). So by default a short probe
 * measures steal first, and the loops run only above {@link #STEAL_PERCENT}. The decision and the number it stands
 * on go into the run's JSON (contention.stabilize).
 */
final class StabilizeDecision {
    /** Stabilize (in auto mode) only when the probe saw more steal than this, percent. */
    static final double STEAL_PERCENT = 2.0;

    static final long PROBE_MS = 1000;

    private StabilizeDecision() {}

    /** The decision for {@code option} (--stabilize true, --no-stabilize false, neither null), probing if needed. */
    static LoadRun.Stabilize decide(Boolean option) throws InterruptedException {
        if (option != null) {
            return option
                    ? new LoadRun.Stabilize("on", "stabilized", "asked for with --stabilize")
                    : new LoadRun.Stabilize("off", "plain", "asked for with --no-stabilize");
        }
        if (!Environment.underHypervisor()) {
            return fromProbe(false, null, 0);
        }
        MachineCpu before = MachineCpu.now();
        long t0 = System.nanoTime();
        // A busy probe: steal is only charged while our vCPU wants to run, so an idle probe would read zero anywhere.
        long end = t0 + TimeUnit.MILLISECONDS.toNanos(PROBE_MS);
        long sink = 0;
        while (System.nanoTime() < end) {
            sink += Long.numberOfTrailingZeros(System.nanoTime() | 1);
            if ((sink & 0xFFFF) == 0) {
                Thread.onSpinWait();
            }
        }
        Double steal = CpuSteal.percent(before, MachineCpu.now());
        return fromProbe(true, steal, (System.nanoTime() - t0) / 1e9);
    }

    /** The decision from a probe's reading: the rule, apart from the measuring, so it can be tested with values. */
    static LoadRun.Stabilize fromProbe(boolean underHypervisor, Double stealPercent, double probeSeconds) {
        if (!underHypervisor) {
            return new LoadRun.Stabilize(
                    "auto",
                    "plain",
                    "not under a hypervisor (no 'hypervisor' flag in"
                            + " /proc/cpuinfo): no halted vCPUs to keep awake");
        }
        if (stealPercent == null) {
            return new LoadRun.Stabilize(
                    "auto",
                    "plain",
                    "under a hypervisor, but steal is not measurable here"
                            + " (no /proc/stat or /proc/uptime); pass --stabilize to keep the vCPUs busy anyway");
        }
        String reading = String.format(
                Locale.ROOT, "CPU steal %.2f%% over a %.1f s probe before the run", stealPercent, probeSeconds);
        return stealPercent > STEAL_PERCENT
                ? new LoadRun.Stabilize(
                        "auto",
                        "stabilized",
                        reading + String.format(Locale.ROOT, " (above %.0f%%: the vCPUs are kept busy)", STEAL_PERCENT))
                : new LoadRun.Stabilize(
                        "auto",
                        "plain",
                        reading
                                + String.format(
                                        Locale.ROOT,
                                        " (at most %.0f%%: busy loops would only add latency here)",
                                        STEAL_PERCENT));
    }
}
