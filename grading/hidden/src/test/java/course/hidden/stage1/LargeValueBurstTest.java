package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import org.junit.jupiter.api.Test;

/**
 * 64 keep-alive connections each PUT 1 MiB values into a -Xmx128m node at once: half the heap in request bodies, and
 * under G1 (the collector of {@code ./course run} and of this test's node, {@link NodeJvm#AS_RUN}) as much as the
 * whole heap, since a 1 MiB array occupies two 1 MiB regions. What it must do: {@link LargeValueBurst}. A node that
 * holds every body it accepts runs out of memory and then either dies or hangs.
 */
@Stage(1)
class LargeValueBurstTest {
    /** The burst the issue was found with: 64 x 1 MiB killed the references under G1 before bodies were counted at their heap footprint. */
    static final int VALUE_BYTES = 1 << 20;
    /**
     * Chunked bodies grow by doubling as their chunks arrive, so their memory climbs more gradually; at 1 MiB a node
     * that leaves them outside the budget can still scrape through, at 2 MiB it cannot.
     */
    static final int CHUNKED_VALUE_BYTES = 2 << 20;

    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN)
    @Checks({"s1-body-budget", "s2-body-budget"})
    void burstOfLargePutsIsAnsweredAndTheNodeSurvives(Cluster cluster, Seed seed) throws Exception {
        LargeValueBurst.run(cluster, seed, false, VALUE_BYTES);
    }

    /** The same burst with chunked bodies (curl -T -, HttpClient's streamed bodies): their size is not known ahead. */
    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN)
    @Checks({"s1-body-budget", "s2-body-budget"})
    void burstOfChunkedPutsIsAnsweredAndTheNodeSurvives(Cluster cluster, Seed seed) throws Exception {
        LargeValueBurst.run(cluster, seed, true, CHUNKED_VALUE_BYTES);
    }
}
