package course.harness;

/**
 * Node JVMs run with {@code -XX:+ExitOnOutOfMemoryError} (see jvm-flags.properties): a node whose heap is
 * exhausted may be left with dead selector or worker threads and a full heap, alive but answering nothing and
 * ignoring SIGTERM, which a test or a user can only see as timeouts. Exiting makes the failure visible; this names it. The JVM prints
 * {@value #JVM_REPORT}... on its stdout and exits with code 3 (the same code as the launcher's port-taken exit, so
 * the line, not the code, tells them apart).
 */
public final class OutOfMemoryExit {
    static final String JVM_REPORT = "Terminating due to java.lang.OutOfMemoryError";

    private OutOfMemoryExit() {}

    /** Whether a line of a node's stdout is the JVM's report that it is exiting for lack of memory. */
    public static boolean isReport(String line) {
        return line.startsWith(JVM_REPORT);
    }

    /** What the harness and {@code ./course run} say when it happened. */
    public static String message(int port, String heap) {
        return "node on port " + port + " ran out of memory (heap -Xmx" + heap + "), exited";
    }
}
