package course.tests.stage3;

import static course.tests.stage3.ShardedRequests.get;
import static course.tests.stage3.ShardedRequests.put;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ClusterExtension;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each key lives on exactly one node. Stopping a node makes exactly its own keys unavailable (503 or 504 naming
 * it, quickly) while every other key keeps working; and each value's bytes are on the disk of one node only.
 */
@Stage(3)
@ExtendWith(ClusterExtension.class)
class OneCopyPerKeyTest {
    static final int KEYS = 60;

    @EachClusterSize
    @Checks({"s3-one-copy", "s3-owner-unavailable", "s3-values-uncompressed"})
    void aStoppedNodeTakesDownExactlyItsOwnKeys(int nodes, Seed seed) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
            Map<String, byte[]> values = writeRandomValues(cluster, seed.random());
            Map<String, List<Integer>> failedWhenStopped = new LinkedHashMap<>();
            values.keySet().forEach(k -> failedWhenStopped.put(k, new ArrayList<>()));
            for (int stopped = 0; stopped < nodes; stopped++) {
                cluster.stop(stopped);
                int reader = (stopped + 1) % nodes;
                for (Map.Entry<String, byte[]> e : values.entrySet()) {
                    Reply r = get(c, reader, e.getKey());
                    if (r.status() == 503 || r.status() == 504) {
                        assertTrue(
                                r.bodyText().contains(cluster.url(stopped)),
                                "with node " + stopped + " ("
                                        + cluster.url(stopped) + ") stopped, " + r.request() + " answered " + r.status()
                                        + " but the body does not name the stopped node: " + r.describeAnswer());
                        failedWhenStopped.get(e.getKey()).add(stopped);
                    } else {
                        r.assertBody(200, e.getValue());
                    }
                }
                cluster.start(stopped);
            }
            failedWhenStopped.forEach((key, stoppers) -> assertEquals(
                    1,
                    stoppers.size(),
                    "key '" + key
                            + "' became unavailable when these nodes were stopped: " + stoppers
                            + "; with one copy per key exactly one node (its owner) must matter"));
            for (Map.Entry<String, byte[]> e : values.entrySet()) {
                get(c, 0, e.getKey()).assertBody(200, e.getValue());
            }

            for (int node = 0; node < nodes; node++) {
                cluster.stop(node);
            }
            DiskScan disks = DiskScan.of(
                    IntStream.range(0, nodes).mapToObj(cluster::workingDir).toList());
            for (Map.Entry<String, byte[]> e : values.entrySet()) {
                List<Integer> holders = disks.nodesHolding(e.getValue());
                if (holders.size() > 1) {
                    fail("the value of key '" + e.getKey() + "' ("
                            + HexFormat.of().formatHex(e.getValue()) + ") is on the disks of nodes " + holders
                            + "; stage 3 keeps exactly one copy");
                }
                if (holders.isEmpty()) {
                    fail("the value of key '" + e.getKey() + "' is on no node's disk after all nodes stopped: "
                            + "store values uncompressed in the working directory and flush them on stop");
                }
            }
        }
    }

    /** Random 32-byte values, each written through a random node. */
    private static Map<String, byte[]> writeRandomValues(Cluster cluster, Random random) {
        Map<String, byte[]> values = new LinkedHashMap<>();
        for (int k = 0; k < KEYS; k++) {
            byte[] value = new byte[32];
            random.nextBytes(value);
            String key = "one-copy-" + k;
            put(cluster.client(), random.nextInt(cluster.size()), key, value).assertStatus(201);
            values.put(key, value);
        }
        return values;
    }
}
