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

/** Reads see acknowledged writes while some replicas are down, as long as enough of them are up. */
@Stage(4)
class ReplicatedReadsTest {
    static final int KEYS = 10;

    @EachClusterSize
    @Checks("s4-answers")
    void getOneOfTwoSeesPutTwoOfTwoWithEitherReplicaStopped(int nodes) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
            for (int k = 0; k < KEYS; k++) {
                c.put(k % nodes, "two-" + k, bytes("value " + k), 2, 2).assertStatus(201);
            }
            // Whichever node stops, at most one of a key's two replicas is gone, and one answer is enough.
            for (int stopped = 0; stopped < nodes; stopped++) {
                cluster.stop(stopped);
                for (int k = 0; k < KEYS; k++) {
                    int reader = (stopped + 1 + k % (nodes - 1)) % nodes;
                    c.get(reader, "two-" + k, 1, 2).assertBody(200, "value " + k);
                }
                cluster.start(stopped);
            }
        }
    }

    @EachClusterSize
    @Checks({"s4-answers", "s4-too-few-504", "s4-ack-default"})
    void quorumReadsSeeQuorumWritesWhileAtMostFromMinusQuorumNodesAreDown(int nodes) throws Exception {
        int quorum = nodes / 2 + 1;
        int tolerated = nodes - quorum;
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
            for (int round = 0; round < nodes; round++) {
                for (int i = 0; i < tolerated; i++) {
                    cluster.stop((round + i) % nodes);
                }
                int writer = (round + tolerated) % nodes;
                int reader = (round + nodes - 1) % nodes;
                String key = "quorum-" + round;
                c.put(writer, key, "v1").assertStatus(201);
                c.get(reader, key).assertBody(200, "v1");
                c.put(reader, key, "v2").assertStatus(201);
                c.get(writer, key).assertBody(200, "v2");
                c.delete(writer, key).assertStatus(202);
                c.get(reader, key).assertStatus(404);
                c.put(reader, key, "v3").assertStatus(201);
                // One more node down and a quorum is out of reach: 504, not a guess.
                cluster.stop(reader);
                c.get(writer, key).assertStatus(504);
                c.put(writer, key, "v4").assertStatus(504);
                for (int node = 0; node < nodes; node++) {
                    if (!cluster.isRunning(node)) {
                        cluster.start(node);
                    }
                }
            }
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
