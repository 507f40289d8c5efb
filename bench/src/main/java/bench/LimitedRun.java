package bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bench storage --memory-limit}: the same benchmark in a JVM that joins a fresh memory cgroup before it
 * starts, so that every byte it and the engines touch, page cache included, is charged to the limit from the first.
 * A JVM cannot move its own earlier charges, hence a second JVM rather than joining from this one.
 */
final class LimitedRun {
    /** Set in the limited JVM: the cgroup it runs in (read back for the peak and the limit hits). */
    static final String CGROUP_ENV = "COURSE_BENCH_CGROUP";

    private LimitedRun() {}

    /** The cgroup this JVM was started in by {@link #run}, or null when it runs without a limit. */
    static MemoryCgroup current() {
        String dir = System.getenv(CGROUP_ENV);
        return dir == null || dir.isBlank() ? null : MemoryCgroup.at(Path.of(dir));
    }

    /** Returns the limited JVM's exit code. */
    static int run(StorageBenchOptions options, String[] args) throws IOException, InterruptedException {
        MemoryCgroup group;
        try {
            group = MemoryCgroup.create(
                    "course-bench-storage-" + ProcessHandle.current().pid(), options.memoryLimitBytes());
        } catch (IOException e) {
            System.err.println("bench storage: " + e.getMessage());
            return 2;
        }
        try {
            System.out.println("bench storage: running in memory cgroup " + group + " limited to "
                    + (options.memoryLimitBytes() >> 20) + " MiB (heap " + (heapBytes(options) >> 20)
                    + " MiB of it; the rest is native memory and page cache)");
            // The shell joins the group, then becomes the JVM: nothing runs outside the limit in between.
            List<String> command = new ArrayList<>(List.of(
                    "sh",
                    "-c",
                    "echo $$ > \"$1\" && shift && exec \"$@\"",
                    "sh",
                    group.procs().toString(),
                    javaBinary()));
            for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (!flag.startsWith("-Xmx") && !flag.startsWith("-agentlib") && !flag.startsWith("-javaagent")) {
                    command.add(flag);
                }
            }
            command.add("-Xmx" + heapBytes(options));
            command.addAll(
                    List.of("-cp", System.getProperty("java.class.path"), BenchCommand.class.getName(), "storage"));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            builder.environment().put(CGROUP_ENV, group.toString());
            Process limited = builder.start();
            // Stopped from outside (Ctrl-C, a timeout), this JVM takes the limited one with it: left alone it would
            // run on, and its cgroup could not be removed.
            Thread stopLimited = new Thread(limited::destroyForcibly, "stop limited bench");
            Runtime.getRuntime().addShutdownHook(stopLimited);
            try {
                return limited.waitFor();
            } finally {
                limited.destroyForcibly();
                limited.waitFor();
                try {
                    Runtime.getRuntime().removeShutdownHook(stopLimited);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is what stopped it
                }
            }
        } finally {
            group.delete();
        }
    }

    /** A quarter of the limit: what the JVM itself would choose inside a container of that size. */
    static long heapBytes(StorageBenchOptions options) {
        return options.memoryLimitBytes() / 4;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
