package bench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One load tool run as a child process, with the CPU time it took while it ran its load: from its "Running ..."
 * line (the run starts) to the first line of its report, "  Thread Stats" (the run ended), read from
 * /proc/[pid]/stat, so a JVM is charged neither for starting up nor for making its report (formatting the percentile
 * spectrum and writing the JSON compiled ~500 methods after the run, 0.5-1 core-s, a third of a 10 s run at 1,000
 * requests/s). A tool whose output arrives in one block at its exit (wrk2 writes to a pipe through C's buffered stdout)
 * is charged its whole life instead, which for a native binary is the run itself.
 */
final class ToolRun {
    /** USER_HZ, the unit of /proc/[pid]/stat's times. */
    private static final double TICKS_PER_SECOND = 100.0;
    /** The first line both tools print once the run is over (course.load's Wrk2Report.STATS_HEADER, wrk2's). */
    static final String RUN_ENDED = "  Thread Stats";

    final String output;
    /** CPU seconds between the two lines; NaN where /proc is not readable. */
    final double cpuSeconds;

    private ToolRun(String output, double cpuSeconds) {
        this.output = output;
        this.cpuSeconds = cpuSeconds;
    }

    // a tool that outlived its time is reported as timed out (and killed), whatever reading its output threw.
    @SuppressWarnings("Finally")
    static ToolRun run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        long childrenBefore = reapedChildrenTicks();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        long startTicks = -1;
        long endTicks = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (startTicks < 0 && line.startsWith("Running ")) {
                    startTicks = cpuTicks(p.pid());
                }
                if (startTicks >= 0
                        && endTicks < 0
                        && (line.startsWith(RUN_ENDED) || line.startsWith("Requests/sec:"))) {
                    endTicks = cpuTicks(p.pid());
                }
                out.append(line).append('\n');
            }
        } finally {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s: " + String.join(" ", command));
            }
        }
        if (p.exitValue() != 0) {
            throw new IOException("exit status " + p.exitValue() + " of " + String.join(" ", command) + ":\n" + out);
        }
        double cpu;
        if (startTicks >= 0 && endTicks >= 0) {
            cpu = (endTicks - startTicks) / TICKS_PER_SECOND;
        } else {
            // The tool's output came in one block at its exit (stdout to a pipe is block-buffered in C): count its
            // whole life instead, from what the kernel added to our reaped children's time when it ended.
            long after = reapedChildrenTicks();
            cpu = childrenBefore < 0 || after < 0 ? Double.NaN : (after - childrenBefore) / TICKS_PER_SECOND;
        }
        return new ToolRun(out.toString(), cpu);
    }

    /** cutime + cstime of this JVM: the CPU of its children that ended and were waited for; -1 when unreadable. */
    static long reapedChildrenTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(f[16 - 3]) + Long.parseLong(f[17 - 3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime of a live process (all its threads), or -1 when it cannot be read. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            if (f[0].equals("Z") || f[0].equals("X")) {
                return -1; // ended: a zombie's times read as zero
            }
            return Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
