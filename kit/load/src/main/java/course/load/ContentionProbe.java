package course.load;

import course.profiler.PortOwner;
import course.results.LoadRun;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Measures who else used the CPUs over one run: readings at the start, again at the end, turned into
 * {@link LoadRun.Contention}. The generator (this JVM and its children, e.g. the stabilizer's loops) and the targets
 * (the processes listening on the targets' local ports, and their children) are not "others".
 */
final class ContentionProbe implements ContentionSource.Reading {
    private final long startNs = System.nanoTime();
    private final Long pressureUs = CpuPressure.someTotalUs();
    private final ProcessCpu processes = ProcessCpu.snapshot();
    private final Set<Long> targetPids;
    private final boolean targetsGiven;
    private final Set<Long> ours = new HashSet<>();

    private ContentionProbe(Set<Long> targetPids, boolean targetsGiven) {
        this.targetPids = targetPids;
        this.targetsGiven = targetsGiven;
        addOurs();
    }

    static ContentionProbe start(List<Target> targets) {
        return new ContentionProbe(targetPids(targets), true);
    }

    /**
     * A probe for a program whose servers are its own children (the grader: a sandbox started from its JVM holds the
     * nodes and the generator): everything outside this JVM's process tree is "others", as far as /proc lists it.
     * Not the machine's total less this tree: the sandbox's processes end unwaited for by this tree (their CPU goes
     * to init's account), and counted that way an idle machine's grade saw "others" at 28-30% of the CPUs.
     */
    static ContentionProbe startAroundThisProcessTree() {
        return new ContentionProbe(Set.of(), false);
    }

    @Override
    public LoadRun.Contention finish() {
        long wallNs = System.nanoTime() - startNs;
        addOurs();
        LoadRun.Contention c = new LoadRun.Contention();
        c.thresholds = ContentionRule.thresholds();
        c.psiCpuSomePercent = round(CpuPressure.percent(pressureUs, CpuPressure.someTotalUs(), wallNs));
        if (c.psiCpuSomePercent == null) {
            c.notes.add("no CPU pressure: this kernel has no " + CpuPressure.PROC_PRESSURE_CPU
                    + " (PSI needs Linux 4.20+ with CONFIG_PSI, and psi=1 on some distributions)");
        }
        ProcessCpu now = ProcessCpu.snapshot();
        c.stealPercent =
                processes == null || now == null ? null : round(CpuSteal.percent(processes.machine(), now.machine()));
        if (c.stealPercent == null) {
            c.notes.add("no CPU steal: /proc/stat or /proc/uptime is not readable here");
        }
        if (processes == null || now == null) {
            c.notes.add("no CPU time of other processes: /proc is not readable here");
        } else {
            Set<Long> excluded = new HashSet<>(ours);
            for (long pid : targetPids) {
                excluded.add(pid);
                ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> excluded.add(d.pid())));
            }
            double seconds = targetsGiven
                    ? now.otherSecondsSince(processes, excluded)
                    : now.listedOtherSecondsSince(processes, excluded);
            c.otherProcessesCpuSeconds = round(seconds);
            c.otherProcessesCpuPercent =
                    round(100.0 * seconds * 1e9 / wallNs / Runtime.getRuntime().availableProcessors());
        }
        if (targetsGiven && targetPids.isEmpty()) {
            c.notes.add("the target's process was not found by its port (not local, or another user's):"
                    + " its CPU time counts as other processes'");
        }
        c.targetPids.addAll(targetPids);
        return c;
    }

    /** This JVM and its children, read at both ends so children started during the run are ours too. */
    private void addOurs() {
        ProcessHandle self = ProcessHandle.current();
        ours.add(self.pid());
        self.descendants().forEach(p -> ours.add(p.pid()));
    }

    private static Set<Long> targetPids(List<Target> targets) {
        Set<Long> pids = new HashSet<>();
        for (Target t : targets) {
            if (!isLocal(t.host())) {
                continue;
            }
            try {
                pids.add(PortOwner.pidListeningOn(t.port()));
            } catch (IOException | RuntimeException e) {
                // Not found: its CPU counts as other processes', and finish() says so.
            }
        }
        return pids;
    }

    private static boolean isLocal(String host) {
        return host.equals("localhost")
                || host.startsWith("127.")
                || host.equals("::1")
                || host.equals("[::1]")
                || host.equals("0.0.0.0");
    }

    private static Double round(Double v) {
        return v == null ? null : LoadRunDocument.round(v, 2);
    }
}
