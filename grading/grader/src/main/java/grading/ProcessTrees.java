package grading;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * Runs and ends processes: a process ends with everything it started, children first, so nothing outlives the
 * grader.
 */
final class ProcessTrees {
    private ProcessTrees() {}

    static void kill(Process process) {
        kill(process.toHandle());
    }

    static void kill(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle h : descendants) {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // gone or unkillable; nothing more a user-space grader can do
            }
        }
        try {
            root.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // see above
        }
    }

    /**
     * Runs {@code command} with its output and errors in {@code log}: its exit code, or empty when it did not end
     * within {@code seconds} (it and what it started are then gone).
     */
    static OptionalInt exitWithin(List<String> command, Path log, long seconds)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            kill(p);
            return OptionalInt.empty();
        }
        return OptionalInt.of(p.exitValue());
    }
}
