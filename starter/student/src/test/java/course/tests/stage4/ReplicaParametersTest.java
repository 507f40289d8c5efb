package course.tests.stage4;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage3.DiskScan;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** ack and from: their defaults, the requests that are 400, and 504 when fewer than ack replicas can answer. */
@Stage(4)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
class ReplicaParametersTest {
    private static final String[] BAD = {
        "ack=0&from=3",
        "ack=3&from=2",
        "ack=1&from=4",
        "ack=1&from=0",
        "ack=-1&from=3",
        "ack=abc&from=3",
        "ack=1&from=x",
        "ack=&from=3",
        "ack=4",
    };

    @Test
    @Checks("s4-bad-ack-from-400")
    void impossibleOrMalformedAckAndFromAre400(Cluster cluster) {
        KvClient c = cluster.client();
        byte[] value = "v".getBytes(StandardCharsets.UTF_8);
        for (String params : BAD) {
            c.send(0, "GET", KvClient.entity("k", params), null).assertStatus(400);
            c.send(1, "PUT", KvClient.entity("k", params), value).assertStatus(400);
            c.send(2, "DELETE", KvClient.entity("k", params), null).assertStatus(400);
        }
        // Nothing of the rejected PUTs was stored.
        c.get(0, "k", 3, 3).assertStatus(404);
    }

    /** The nodes whose disks hold the value within 5 s, or all of them as soon as they do. */
    private static List<Integer> nodesHoldingWithin5s(Cluster cluster, byte[] value) throws InterruptedException {
        DiskScan disks = DiskScan.of(
                IntStream.range(0, cluster.size()).mapToObj(cluster::workingDir).toList());
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        List<Integer> holding = disks.nodesHolding(value);
        while (holding.size() < cluster.size() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            holding = disks.nodesHolding(value);
        }
        return holding;
    }

    /**
     * PUTs with the default from until every node's disk holds the value, twice at most: a replica that did not
     * answer the coordinator in time (a busy machine) may miss one write, which the statement allows, but a
     * coordinator that sends to fewer than from replicas misses every one.
     */
    private static void putOnAllDisks(Cluster cluster, KvClient c, String value) throws InterruptedException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        List<Integer> first = List.of();
        for (int attempt = 1; attempt <= 2; attempt++) {
            c.put(0, "d", value).assertStatus(201);
            List<Integer> holding = nodesHoldingWithin5s(cluster, bytes);
            if (holding.size() == cluster.size()) {
                return;
            }
            if (attempt == 2) {
                throw new AssertionError("a PUT with the default from (the cluster size) must reach every node; "
                        + "5 s after each of two PUTs the value was on the disks of nodes " + first + ", then "
                        + holding + " only");
            }
            first = holding;
        }
    }

    @Test
    @Checks({"s4-from-default", "s4-ack-default"})
    void defaultsAreAllNodesAndAMajority(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        // from defaults to the cluster size: every node gets the value. The answer comes after ack (2) replicas,
        // so the third may still be writing it: wait until all three disks hold it before reading node by node.
        putOnAllDisks(cluster, c, "all three");
        // Now any single node can answer it.
        for (int stopped = 0; stopped < 3; stopped++) {
            cluster.stop((stopped + 1) % 3);
            cluster.stop((stopped + 2) % 3);
            c.get(stopped, "d", 1, 3).assertBody(200, "all three");
            // ack defaults to a majority (2 of 3): one node alone cannot answer it.
            c.get(stopped, "d").assertStatus(504);
            c.put(stopped, "d", "lonely").assertStatus(504);
            cluster.start((stopped + 1) % 3);
            cluster.start((stopped + 2) % 3);
        }
        cluster.stop(2);
        c.put(0, "d", "two of three").assertStatus(201);
        c.get(1, "d").assertBody(200, "two of three");
        c.delete(1, "d").assertStatus(202);
        c.get(0, "d").assertStatus(404);
    }

    @Test
    @Checks("s4-too-few-504")
    void fewerLiveReplicasThanAckIs504Quickly(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        cluster.stop(1);
        c.put(0, "k", "v".getBytes(StandardCharsets.UTF_8), 3, 3).assertStatus(504);
        c.get(0, "k", 3, 3).assertStatus(504);
        c.delete(2, "k", 3, 3).assertStatus(504);
        c.put(0, "k", "v".getBytes(StandardCharsets.UTF_8), 2, 3).assertStatus(201);
        c.get(2, "k", 2, 3).assertBody(200, "v");
    }
}
