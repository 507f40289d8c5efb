package course.harness;

import java.util.Locale;

/** Where the nodes of a test cluster run. */
public enum NodeMode {
    /** In the test JVM: fast, and debuggable from an IDE. A node cannot be killed with -9 in this mode. */
    IN_PROCESS,
    /** One JVM per node, started through {@link course.runtime.Launcher}, with its own heap limit. */
    PROCESS;

    /**
     * The mode a cluster actually runs in: {@code -Dcourse.nodeMode=PROCESS} (set by the grader) puts every node into
     * a JVM of its own, whatever the test asked for, so a submission's code never runs inside the test JVM's nodes.
     */
    public static NodeMode effective(NodeMode requested) {
        String forced = System.getProperty("course.nodeMode");
        if (forced == null || forced.isBlank()) {
            return requested;
        }
        try {
            return valueOf(forced.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "-Dcourse.nodeMode must be IN_PROCESS or PROCESS, got '" + forced + "'", e);
        }
    }
}
