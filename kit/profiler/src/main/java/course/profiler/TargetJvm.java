package course.profiler;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Checks, before anything is attached, that a pid names a running JVM this user may profile. */
final class TargetJvm {
    private TargetJvm() {}

    static void check(long pid) throws IOException {
        if (pid <= 0) {
            throw new IOException("pid must be a positive number, got " + pid);
        }
        if (pid == ProcessHandle.current().pid()) {
            throw new IOException("pid " + pid + " is this profiler's own JVM; give the pid of the node to profile");
        }
        ProcessHandle process = ProcessHandle.of(pid)
                .orElseThrow(() ->
                        new IOException("no process with pid " + pid + " is running; list running JVMs with 'jps -l'"));
        Path maps = Path.of("/proc", Long.toString(pid), "maps");
        if (!Files.isDirectory(Path.of("/proc", "self"))) {
            return; // no procfs (macOS): the attach itself tells a non-JVM apart
        }
        String mapped;
        try {
            mapped = Files.readString(maps);
        } catch (AccessDeniedException e) {
            throw new IOException(
                    "process " + pid + " belongs to another user; run the profiler as the user who" + " started it");
        } catch (NoSuchFileException e) {
            throw new IOException("process " + pid + " exited before it could be profiled");
        }
        if (!mapped.contains("/libjvm.")) {
            throw new IOException("process " + pid + " (" + describe(process) + ") is not a JVM; give the pid of a"
                    + " Java process (see 'jps -l')");
        }
    }

    /** The process's command line for messages, or "command unknown". */
    static String describe(ProcessHandle process) {
        return process.info()
                .commandLine()
                .map(line -> line.length() > 120 ? line.substring(0, 117) + "..." : line)
                .orElse("command unknown");
    }
}
