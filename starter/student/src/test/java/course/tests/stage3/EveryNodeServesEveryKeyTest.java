package course.tests.stage3;

import static course.tests.stage3.ShardedRequests.delete;
import static course.tests.stage3.ShardedRequests.get;
import static course.tests.stage3.ShardedRequests.put;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Any node answers for any key: what one node wrote, every node reads, overwrites and deletes. */
@Stage(3)
class EveryNodeServesEveryKeyTest {
    @EachClusterSize
    @Checks("s3-forwarding")
    void everyOperationThroughEveryNode(int nodes) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            KvClient c = cluster.client();
            for (int writer = 0; writer < nodes; writer++) {
                for (int k = 0; k < 4; k++) {
                    String key = "from-node" + writer + "-key" + k;
                    put(c, writer, key, bytes("first " + key)).assertStatus(201);
                    for (int reader = 0; reader < nodes; reader++) {
                        get(c, reader, key).assertBody(200, "first " + key);
                    }
                    int other = (writer + 1) % nodes;
                    put(c, other, key, bytes("second " + key)).assertStatus(201);
                    for (int reader = 0; reader < nodes; reader++) {
                        get(c, reader, key).assertBody(200, "second " + key);
                    }
                    delete(c, (writer + 2) % nodes, key).assertStatus(202);
                    for (int reader = 0; reader < nodes; reader++) {
                        get(c, reader, key).assertStatus(404);
                    }
                }
            }
        }
    }

    @Test
    @WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
    @Checks({"s1-id-400", "s1-path-400", "s1-method-405"})
    void badRequestsAreRejectedByEveryNode(Cluster cluster) {
        KvClient c = cluster.client();
        for (int node = 0; node < cluster.size(); node++) {
            c.send(node, "GET", "/v0/entity", null).assertStatus(400);
            c.send(node, "PUT", "/v0/entity?id=", bytes("v")).assertStatus(400);
            c.send(node, "GET", "/v0/other?id=k", null).assertStatus(400);
            c.send(node, "POST", "/v0/entity?id=k" + node, bytes("v")).assertStatus(405);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
