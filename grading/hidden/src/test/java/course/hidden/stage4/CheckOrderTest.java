package course.hidden.stage4;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A request with a wrong method or id is answered for that, whatever its ack and from say and whichever replicas are
 * up: the method (405) and the id (400) are checked before anything else.
 */
@Stage(4)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
class CheckOrderTest {
    private static final String[] BAD_ACK_OR_FROM = {"ack=0&from=3", "ack=3&from=2", "ack=1&from=4", "ack=abc", "from=x"
    };

    @Test
    @Checks("s4-method-id-first")
    void theMethodAndTheIdAreCheckedBeforeAckAndFrom(Cluster cluster) throws IOException {
        KvClient c = cluster.client();
        byte[] value = "v".getBytes(StandardCharsets.UTF_8);
        for (String params : BAD_ACK_OR_FROM) {
            c.send(0, "POST", KvClient.entity("k", params), value).assertStatus(405);
            c.send(1, "PATCH", KvClient.entity("k", params), value).assertStatus(405);
            c.send(2, "GET", "/v0/entity?" + params, null).assertStatus(400);
            c.send(0, "PUT", "/v0/entity?id=&" + params, value).assertStatus(400);
        }
        // Nor do the replicas come first: with two of three nodes down no quorum of three is possible, yet the
        // answer is about the method or the id, not a 504.
        cluster.stop(1);
        cluster.stop(2);
        c.send(0, "POST", KvClient.entity("k", "ack=3&from=3"), value).assertStatus(405);
        c.send(0, "DELETE", "/v0/entity?ack=3&from=3", null).assertStatus(400);
    }
}
