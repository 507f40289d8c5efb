package grading;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** Ends a process and everything it started, children first, so nothing outlives the grader. */
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
}
