package course.harness;

/** Where the nodes of a test cluster run. */
public enum NodeMode {
    /** In the test JVM: fast, and debuggable from an IDE. A node cannot be killed with -9 in this mode. */
    IN_PROCESS,
    /** One JVM per node, started through {@link course.contract.Launcher}, with its own heap limit. */
    PROCESS
}
