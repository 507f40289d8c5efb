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
 * line (the run starts) to its "Requests/sec:" line (the run ended), read from /proc/[pid]/stat. Both tools print
 * these wrk2 lines, so neither is charged for starting up (a JVM's start would otherwise weigh on short runs).
 */
final class ToolRun {
    /** USER_HZ, the unit of /proc/[pid]/stat's times. */
    private static final double TICKS_PER_SECOND = 100.0;

    final String output;
    /** CPU seconds between the two lines; NaN where /proc is not readable. */
    final double cpuSeconds;

    private ToolRun(String output, double cpuSeconds) {
        this.output = output;
        this.cpuSeconds = cpuSeconds;
    }

    static ToolRun run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        long startTicks = -1;
        long endTicks = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (startTicks < 0 && line.startsWith("Running ")) {
                    startTicks = cpuTicks(p.pid());
                }
                if (endTicks < 0 && line.startsWith("Requests/sec:")) {
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
        double cpu = startTicks < 0 || endTicks < 0 ? Double.NaN : (endTicks - startTicks) / TICKS_PER_SECOND;
        return new ToolRun(out.toString(), cpu);
    }

    /** utime + stime of a live process (all its threads), or -1 when it cannot be read. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
