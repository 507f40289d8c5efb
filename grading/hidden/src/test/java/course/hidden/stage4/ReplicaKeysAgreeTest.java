package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A coordinator and the replicas it writes to store one and the same key, also for ids whose bytes are not UTF-8:
 * every node, reading from the key's first replica only, finds what any node wrote to all of them.
 */
@Stage(4)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
class ReplicaKeysAgreeTest {
    private static final int KEYS = 6;

    @Test
    @Checks("s3-forward-key-bytes")
    void keysThatAreNotUtf8AreOneKeyOnEveryReplica(Cluster cluster) {
        KvClient c = cluster.client();
        for (int k = 0; k < KEYS; k++) {
            for (String first : new String[] {"%FF", "%FE"}) {
                c.send(k % 3, "PUT", "/v0/entity?id=" + first + "%0" + k + "&ack=3&from=3", value(first, k))
                        .assertStatus(201);
            }
        }
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            for (String first : new String[] {"%FF", "%FE"}) {
                for (int node = 0; node < 3; node++) {
                    Reply r = c.send(node, "GET", "/v0/entity?id=" + first + "%0" + k + "&ack=1&from=1", null);
                    String got =
                            r.status() + " " + (r.body() == null ? "" : new String(r.body(), StandardCharsets.UTF_8));
                    String expected = "200 " + new String(value(first, k), StandardCharsets.UTF_8);
                    if (!got.equals(expected)) {
                        wrong.add("id=" + first + "%0" + k + " through node " + node + ": " + got);
                    }
                }
            }
        }
        assertEquals(List.of(), wrong, "every node reads what was written to every replica");
    }

    private static byte[] value(String first, int k) {
        return ("v" + first + k).getBytes(StandardCharsets.UTF_8);
    }
}
