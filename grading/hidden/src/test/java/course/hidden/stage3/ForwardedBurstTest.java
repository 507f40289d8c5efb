package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import course.hidden.WhileBusy;
import course.hidden.stage1.LargeValueBurst;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stage-1 burst of 1 MiB PUTs, into one node of a three-node cluster as {@code ./course run} starts it: the node
 * now also sends values to other nodes, and what a peer call holds is memory too. Then, right after, the largest
 * value a node takes (16 MiB) must still fit, four times in a row. Under {@code ./course run} the stage-4 reference died in this burst (a
 * compaction held a value per table) and, once that was fixed, on the 16 MiB PUT after it: its idle pooled
 * connections to the peers still held bodies of calls long answered.
 */
@Stage(3)
class ForwardedBurstTest {
    static final int LARGEST_VALUE_BYTES = 16 << 20;
    static final int LARGEST_VALUES = 4;

    @Test
    @WithCluster(nodes = 3, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN)
    @Checks({"s1-body-budget", "s3-peer-bodies"})
    void aBurstThroughOneNodeLeavesRoomForTheLargestValue(Cluster cluster, Seed seed) throws Exception {
        LargeValueBurst.run(cluster, seed, false, 1 << 20);
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        // One after another, each on whichever pooled connections to the peers come next: a node that keeps what
        // its idle connections last sent keeps a 16 MiB value per connection, and the burst left many of them.
        for (int i = 0; i < LARGEST_VALUES; i++) {
            byte[] value = SeededValues.of(seed.value(), 100 + i, LARGEST_VALUE_BYTES);
            String key = "largest-after-burst-" + i;
            // A 503 "retry later" is taken at its word a few times: in a saturated suite run the node still held 17 MiB
            // of bodies when the next 16 MiB PUT came, and took it later; a node that keeps them refuses every try. So
            // is a 504 (another run: the owner took more than the 1 s a forward waits to take the 16 MiB).
            WhileBusy.send(() -> c.put(0, key, value), Set.of(503, 504), 5, Duration.ofMillis(500))
                    .assertStatus(201);
        }
        for (int i = 0; i < LARGEST_VALUES; i++) {
            String key = "largest-after-burst-" + i;
            // The GETs likewise: a suite run's GET got 504 ("did not answer within 1000 ms") from the stage-3
            // reference while the owner sent the 16 MiB on a saturated machine; the point is what the nodes keep.
            WhileBusy.send(() -> c.get(0, key), Set.of(503, 504), 5, Duration.ofMillis(500))
                    .assertBody(200, SeededValues.of(seed.value(), 100 + i, LARGEST_VALUE_BYTES));
        }
        for (int node = 0; node < 3; node++) {
            assertTrue(
                    cluster.isRunning(node),
                    "node " + node + " is no longer running after the burst and four 16 MiB PUTs through node 0: a node"
                            + " must let go of a value it sent to another node once that node answered; its log:\n"
                            + cluster.logs());
        }
    }
}
