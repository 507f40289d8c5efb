package course.tests.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ClusterExtension;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.tests.stage3.DiskScan;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A PUT with from=F stores exactly F copies, and the replicas for a smaller from are a prefix of those for a larger
 * one: a value written with from=F is found by a read that must hear from all of the first F+1 nodes.
 */
@Stage(4)
@ExtendWith(ClusterExtension.class)
class NoOverReplicationTest {
    static final int KEYS_PER_FROM = 5;

    @EachClusterSize
    @Checks({"s4-at-most-from", "s4-replica-order", "s3-values-uncompressed"})
    void aPutStoresExactlyFromCopies(int nodes, Seed seed) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            KvClient c = cluster.client();
            Random random = seed.random();
            List<byte[]> values = new ArrayList<>();
            List<Integer> froms = new ArrayList<>();
            for (int from = 1; from <= nodes; from++) {
                for (int k = 0; k < KEYS_PER_FROM; k++) {
                    byte[] value = new byte[32];
                    random.nextBytes(value);
                    String key = "from" + from + "-key" + k;
                    c.put(random.nextInt(nodes), key, value, from, from).assertStatus(201);
                    if (from < nodes) {
                        c.get(random.nextInt(nodes), key, from + 1, from + 1).assertBody(200, value);
                    }
                    c.get(random.nextInt(nodes), key, nodes, nodes).assertBody(200, value);
                    values.add(value);
                    froms.add(from);
                }
            }
            for (int node = 0; node < nodes; node++) {
                cluster.stop(node);
            }
            DiskScan disks = DiskScan.of(
                    IntStream.range(0, nodes).mapToObj(cluster::workingDir).toList());
            for (int i = 0; i < values.size(); i++) {
                List<Integer> holders = disks.nodesHolding(values.get(i));
                assertEquals(
                        froms.get(i),
                        holders.size(),
                        "a value written with ack=from=" + froms.get(i) + " ("
                                + HexFormat.of().formatHex(values.get(i)) + ") is on the disks of nodes " + holders
                                + "; it must be on exactly from nodes (values are looked for as raw bytes: store them "
                                + "uncompressed)");
            }
        }
    }
}
