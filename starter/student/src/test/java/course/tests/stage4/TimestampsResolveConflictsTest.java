package course.tests.stage4;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A node that was down misses writes; when it is back, its stale copy must lose to the newer one by timestamp.
 * Writes go to all nodes with ack = all but one, so the stopped node misses them; reads ask every node (ack = from
 * = cluster size), so the stale copy is always among the answers and only timestamps can decide.
 */
@Stage(4)
class TimestampsResolveConflictsTest {
    @EachClusterSize
    @Checks({"s4-newest-wins", "s4-deletion-record"})
    void staleCopiesLoseToNewerWritesAndDeletes(int nodes) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            Writes w = new Writes(cluster, nodes);
            for (int x = 0; x < nodes; x++) {
                int other = (x + 1) % nodes;
                String key = "missed-write-" + x;
                cluster.stop(x);
                w.put(other, key, "written while node " + x + " was down");
                cluster.start(x);
                w.expectEverywhere(key, "written while node " + x + " was down");

                key = "missed-overwrite-" + x;
                w.put(x, key, "old");
                cluster.stop(x);
                w.put(other, key, "new");
                cluster.start(x);
                w.expectEverywhere(key, "new");

                key = "missed-delete-" + x;
                w.put(x, key, "deleted later");
                cluster.stop(x);
                w.delete(other, key);
                cluster.start(x);
                w.expectEverywhere(key, null);

                key = "recreated-" + x;
                w.put(x, key, "first life");
                cluster.stop(x);
                w.delete(other, key);
                cluster.start(x);
                cluster.stop(other);
                w.put(x, key, "second life");
                cluster.start(other);
                w.expectEverywhere(key, "second life");
            }
        }
    }

    /** Writes that tolerate one node down, and reads that need every node. */
    private record Writes(Cluster cluster, int nodes) {
        KvClient client() {
            return cluster.client().withTimeout(Duration.ofSeconds(5));
        }

        void put(int node, String key, String value) {
            client().put(node, key, value.getBytes(StandardCharsets.UTF_8), nodes - 1, nodes)
                    .assertStatus(201);
        }

        void delete(int node, String key) {
            client().delete(node, key, nodes - 1, nodes).assertStatus(202);
        }

        void expectEverywhere(String key, String value) {
            for (int node = 0; node < nodes; node++) {
                client().get(node, key, nodes, nodes).assertValue(value);
            }
        }
    }
}
