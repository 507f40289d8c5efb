package course.harness;

import java.util.List;

/**
 * Which JVM flags a node in a JVM of its own starts with, beyond the course's own ({@link JvmFlags#all}) and its heap:
 * the one place that decides them for tests, {@code ./course run} and the grader's performance run.
 */
public enum NodeJvm {
    /**
     * The JVM's defaults, as a student's node, {@code ./course run} and the grader's performance run have them (G1,
     * the C2 compiler). Every test whose point is memory, time or overload runs its nodes this way: the serial
     * collector packs a 1 MiB array tightly where G1 spends two 1 MiB regions on it, so a node that survives a burst
     * under one can die of it under the other.
     */
    AS_RUN(List.of()),
    /**
     * C1 only and the serial collector: a stage-4 node starts in about half the time (0.42 s instead of 0.85 s on the
     * course's 2-core VM) and leaves the cores to the test instead of C2 compiler and G1 threads. Only for tests whose
     * point cannot depend on the collector or the compiler (the protocol, persistence, sharding, replication); a
     * test that runs its nodes this way says so in its {@link WithCluster#jvm}. A class-data archive (AppCDS) was
     * tried as well and did not start nodes any faster.
     */
    QUICK_START(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));

    // always a List.of list: immutable.
    @SuppressWarnings("ImmutableEnumChecker")
    private final List<String> flags;

    NodeJvm(List<String> flags) {
        this.flags = flags;
    }

    /** The flags this choice adds to a node's command line. */
    public List<String> flags() {
        return flags;
    }
}
