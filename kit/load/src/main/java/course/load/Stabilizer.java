package course.load;

import course.results.LoadRun;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Keeps every vCPU from halting during a measurement: one busy loop per CPU at idle scheduling priority
 * ({@code chrt -i 0 taskset -c N sh -c 'while kill -0 JVM; do :; done'}). A halted vCPU goes back to the hypervisor, and
 * waking it again on every loopback packet costs the 20-50% steal seen on such VMs; an idle-priority spinner keeps it
 * running yet yields to any real work at once.
 */
final class Stabilizer implements AutoCloseable {
    private final List<Process> spinners = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::stopAll, "stabilizer-stop");
    private boolean active;
    /** Why it runs or not, for the run's JSON (contention.stabilize). */
    private LoadRun.Stabilize decision = new LoadRun.Stabilize("off", "plain", "not asked for");

    private Stabilizer() {}

    /** A stabilizer that runs nothing, for runs without --stabilize. */
    static Stabilizer inactive() {
        return new Stabilizer();
    }

    /** Starts the busy loops when {@code decision} says so; an inactive one otherwise. Either way it keeps why. */
    static Stabilizer forDecision(LoadRun.Stabilize decision, PrintStream notes) {
        Stabilizer s = decision.decision().equals("stabilized") ? start(notes) : inactive();
        if (decision.decision().equals("stabilized") && !s.active) {
            decision = new LoadRun.Stabilize(
                    decision.mode(),
                    "plain",
                    decision.evidence() + "; but the busy loops could not start (see the note above)");
        }
        s.decision = decision;
        return s;
    }

    LoadRun.Stabilize decision() {
        return decision;
    }

    /** Whether chrt and taskset are on PATH; stabilizing needs both. */
    static String missingTools() {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("chrt", "taskset")) {
            if (Executables.find(tool) == null) {
                missing.add(tool);
            }
        }
        return missing.isEmpty() ? null : String.join(" and ", missing);
    }

    /**
     * Starts one spinner per CPU; returns an inactive stabilizer (and prints why to {@code notes}) when the tools are
     * missing or a spinner cannot start.
     */
    static Stabilizer start(PrintStream notes) {
        Stabilizer s = new Stabilizer();
        String missing = missingTools();
        if (missing != null) {
            notes.println("note: --stabilize needs " + missing + " (util-linux); running without it."
                    + " Install util-linux, or pass --no-stabilize to silence this note.");
            return s;
        }
        Runtime.getRuntime().addShutdownHook(s.shutdownHook);
        int cpus = Runtime.getRuntime().availableProcessors();
        // The loop ends by itself when this JVM is gone, so even a kill -9 of the generator leaves no spinner behind.
        String loop = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do :; done";
        try {
            for (int cpu = 0; cpu < cpus; cpu++) {
                ProcessBuilder pb =
                        new ProcessBuilder("chrt", "-i", "0", "taskset", "-c", Integer.toString(cpu), "sh", "-c", loop);
                pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
                s.spinners.add(pb.start());
            }
            TimeUnit.MILLISECONDS.sleep(50);
            for (Process p : s.spinners) {
                if (!p.isAlive()) {
                    notes.println("note: --stabilize could not start its busy loops (chrt exited with " + p.exitValue()
                            + "); running without it.");
                    s.close();
                    return new Stabilizer();
                }
            }
            s.active = true;
        } catch (IOException e) {
            notes.println(
                    "note: --stabilize could not start its busy loops (" + e.getMessage() + "); running without it.");
            s.close();
            return new Stabilizer();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            s.close();
            return new Stabilizer();
        }
        return s;
    }

    /** Whether the busy loops are running (recorded as environment.stabilized). */
    boolean active() {
        return active;
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException ignored) {
            // Already shutting down (the hook is running) or never registered.
        }
    }

    private synchronized void stopAll() {
        for (Process p : spinners) {
            // chrt and taskset exec into sh, so the process we started is the loop itself.
            p.destroyForcibly();
        }
        for (Process p : spinners) {
            try {
                p.waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        spinners.clear();
        active = false;
    }
}
