package course.load;

import course.results.LoadRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a run's CPU was contended enough that its latencies say more about the machine than about the server. The
 * thresholds are documented in docs/guides/load-testing.md; a run past any of them is flagged "contention".
 *
 * <p>Why these numbers: on a 2-core machine one busy neighbour takes half the CPUs (50%), and a p99 then grows by
 * tens of milliseconds (the scheduler's slices), so a quarter of the CPUs is already too much to ignore. Steal above
 * 5% was the course's rule before and stays. PSI "some" counts time any task waited for a CPU, the generator's and the
 * server's own included: measured here (2 vCPUs, nothing else running), a stage-1 server and the generator alone
 * reach 52% at 25,000 PUT/s. So pressure says "contention" only when other processes took a share of the CPUs too
 * (above 5%); pressure with no one else around is the run saturating the machine itself, which is a fact about the
 * rate (flag "cpu-saturated"), not a reason to rerun elsewhere.
 */
final class ContentionRule {
    static final double PSI_SOME_PERCENT = 20.0;
    static final double STEAL_PERCENT = LoadRun.Steal.FLAG_ABOVE_PERCENT;
    static final double OTHER_PROCESSES_CPU_PERCENT = 25.0;
    /** Above this share of other processes, high pressure is (partly) theirs. */
    static final double OTHERS_BEHIND_PRESSURE_PERCENT = 5.0;

    private ContentionRule() {}

    static LoadRun.Thresholds thresholds() {
        LoadRun.Thresholds t = new LoadRun.Thresholds();
        t.psiCpuSomePercent = PSI_SOME_PERCENT;
        t.stealPercent = STEAL_PERCENT;
        t.otherProcessesCpuPercent = OTHER_PROCESSES_CPU_PERCENT;
        return t;
    }

    /** The sentence of the "contention" flag, or {@code null} when no measured value passes its threshold. */
    static String judge(LoadRun.Contention c) {
        List<String> over = new ArrayList<>();
        if (c.otherProcessesCpuPercent != null && c.otherProcessesCpuPercent > OTHER_PROCESSES_CPU_PERCENT) {
            over.add(String.format(
                    Locale.ROOT,
                    "other processes took %.1f CPU-seconds (%.0f%% of all CPUs, above %.0f%%)",
                    c.otherProcessesCpuSeconds,
                    c.otherProcessesCpuPercent,
                    OTHER_PROCESSES_CPU_PERCENT));
        }
        if (pressured(c) && !onlyOwnPressure(c)) {
            over.add(String.format(
                    Locale.ROOT,
                    "tasks waited for a CPU %.0f%% of the time (/proc/pressure/cpu some," + " above %.0f%%)",
                    c.psiCpuSomePercent,
                    PSI_SOME_PERCENT));
        }
        if (c.stealPercent != null && c.stealPercent > STEAL_PERCENT) {
            over.add(String.format(Locale.ROOT, "CPU steal %.1f%% (above %.0f%%)", c.stealPercent, STEAL_PERCENT));
        }
        if (over.isEmpty()) {
            return null;
        }
        return "CPU contention during the run: " + String.join("; ", over)
                + ". Latencies measure the machine as much as the server: rerun on a quiet machine before comparing.";
    }

    /**
     * The sentence of the "cpu-saturated" flag: the CPUs were under pressure while no one else used them, so the
     * generator and the server competed with each other; {@code null} otherwise (or when it is contention).
     */
    static String saturated(LoadRun.Contention c) {
        if (!pressured(c) || !onlyOwnPressure(c) || judge(c) != null) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "the CPUs were saturated by the run itself: tasks waited for a CPU %.0f%% of"
                        + " the time while other processes took %.1f%% of the CPUs. The generator and the server compete for"
                        + " the same CPUs at this rate, so latencies include waiting for one; compare only with runs at the"
                        + " same rate on the same machine.",
                c.psiCpuSomePercent,
                c.otherProcessesCpuPercent);
    }

    /**
     * Every measure of {@code c} in a few words, for a line that says what was seen ("other processes 46% of the
     * CPUs, CPU pressure 35%, steal 0.1%"); an unmeasured one is "n/a".
     */
    static String seen(LoadRun.Contention c) {
        return String.format(
                Locale.ROOT,
                "other processes %s of the CPUs, CPU pressure %s, steal %s",
                percent(c.otherProcessesCpuPercent),
                percent(c.psiCpuSomePercent),
                percent(c.stealPercent));
    }

    private static String percent(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.0f%%", v);
    }

    private static boolean pressured(LoadRun.Contention c) {
        return c.psiCpuSomePercent != null && c.psiCpuSomePercent > PSI_SOME_PERCENT;
    }

    /** Pressure with other processes measured and negligible: the run's own. Unmeasured others count as others. */
    private static boolean onlyOwnPressure(LoadRun.Contention c) {
        return c.otherProcessesCpuPercent != null && c.otherProcessesCpuPercent <= OTHERS_BEHIND_PRESSURE_PERCENT;
    }
}
