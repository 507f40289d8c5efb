package course.harness;

import java.io.IOException;
import java.nio.file.Path;

/** One node of a test cluster, whatever runs it. */
interface Node {
    String url();

    Path workingDir();

    boolean isRunning();

    /** Starts the node; a {@link BindFailedException} means the port was taken and the caller should pick another. */
    void start() throws IOException;

    /** Graceful stop; a no-op when not running. */
    void stop() throws IOException;

    /** The end of the node for good (its JVM too): what a cluster's close does. */
    default void close() throws IOException {
        stop();
    }

    /** Abrupt end of the node: kill -9 of its JVM. */
    void kill() throws IOException;

    /** The process id of the node's own JVM, while it runs. */
    long pid();

    /**
     * A plain-text dump of every thread of the JVM that runs this node, virtual ones included (the test's own JVM for
     * an in-process node, so other in-process nodes' threads are in it too).
     */
    String threadDump() throws IOException;

    /** What the node's JVM still holds after a full collection (a node in a JVM of its own only). */
    LiveObjects liveObjects() throws IOException;

    /** What the node printed, for failure messages; empty for in-process nodes. */
    String logTail();

    final class BindFailedException extends IOException {
        BindFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
