package course.harness;

import java.io.IOException;
import java.util.Map;

/**
 * A started in-process cluster whose nodes read the given system properties when they start (the stage-2 settings:
 * {@code course.workers}, {@code course.queueCapacity}, the handler-delay test hook, ...). The previous values are
 * back as soon as the nodes have started, so one test's settings never reach another test's nodes.
 */
public final class ConfiguredCluster {
    private ConfiguredCluster() {}

    /** {@code jvm}: the flags of node JVMs (where nodes run in JVMs of their own), chosen as in {@link WithCluster#jvm}. */
    public static Cluster started(int nodes, Map<String, String> properties, NodeJvm jvm) throws IOException {
        try (SystemProperties ignored = SystemProperties.set(properties)) {
            return Cluster.started(nodes, NodeMode.IN_PROCESS, jvm);
        }
    }
}
