package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every ack/from pair of a five-node cluster. With all nodes up every pair works through every node. With one node
 * stopped, at most one of a key's replicas is down, so every pair with ack <= from - 1 must still succeed, and
 * ack = from = 5 must fail with 504.
 */
@Stage(4)
@WithCluster(nodes = 5)
class FiveNodeAckFromTest {
    @Test
    void everyPairWorksAndOneStoppedNodeCostsExactlyOneReplica(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        Random random = seed.random();
        List<String> wrong = new ArrayList<>();
        for (int from = 1; from <= 5; from++) {
            for (int ack = 1; ack <= from; ack++) {
                String key = "af" + ack + "-" + from;
                byte[] value = (key + "=" + random.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
                expect(wrong, c.put(random.nextInt(5), key, value, ack, from), 201);
                expect(wrong, c.get(random.nextInt(5), key, from, from), 200);
            }
        }
        int stopped = random.nextInt(5);
        cluster.stop(stopped);
        int live = (stopped + 1 + random.nextInt(4)) % 5;
        for (int from = 1; from <= 5; from++) {
            for (int ack = 1; ack <= from - 1; ack++) {
                String key = "down" + ack + "-" + from;
                expect(wrong, c.put(live, key, "v".getBytes(StandardCharsets.UTF_8), ack, from), 201);
                expect(wrong, c.get(live, key, ack, from), 200);
                expect(wrong, c.delete(live, key, ack, from), 202);
                expect(wrong, c.get(live, key, ack, from), 404);
            }
        }
        expect(wrong, c.put(live, "all5", "v".getBytes(StandardCharsets.UTF_8), 5, 5), 504);
        expect(wrong, c.get(live, "af1-1", 5, 5), 504);
        assertEquals(List.of(), wrong, "node " + stopped + " stopped for the second half");
    }

    private static void expect(List<String> wrong, Reply r, int status) {
        if (r.status() != status) {
            wrong.add(r.request() + ": expected " + status + ", got " + r.describeAnswer());
        }
    }
}
