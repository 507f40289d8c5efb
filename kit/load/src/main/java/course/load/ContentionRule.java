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
 * tens of milliseconds (the scheduler's slices), so a quarter of the CPUs is already too much to ignore. PSI "some"
 * counts time any task waited for a CPU; a generator and a server alone on the machine stay in single digits. Steal
 * above 5% was the course's rule before and stays.
 */
final class ContentionRule {
    static final double PSI_SOME_PERCENT = 20.0;
    static final double STEAL_PERCENT = LoadRun.Steal.FLAG_ABOVE_PERCENT;
    static final double OTHER_PROCESSES_CPU_PERCENT = 25.0;

    private ContentionRule() {
    }

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
            over.add(String.format(Locale.ROOT, "other processes took %.1f CPU-seconds (%.0f%% of all CPUs, above %.0f%%)",
                    c.otherProcessesCpuSeconds, c.otherProcessesCpuPercent, OTHER_PROCESSES_CPU_PERCENT));
        }
        if (c.psiCpuSomePercent != null && c.psiCpuSomePercent > PSI_SOME_PERCENT) {
            over.add(String.format(Locale.ROOT, "tasks waited for a CPU %.0f%% of the time (/proc/pressure/cpu some,"
                    + " above %.0f%%)", c.psiCpuSomePercent, PSI_SOME_PERCENT));
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
}
