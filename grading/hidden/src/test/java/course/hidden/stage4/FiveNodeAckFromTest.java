package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * Every ack/from pair of a five-node cluster. With all nodes up every pair works through every node. With one node
 * stopped, at most one of a key's replicas is down, so every pair with ack <= from - 1 must still succeed, and
 * ack = from = 5 must fail with 504. A read right after a write with ack + ack <= from need not see it (the statement
 * promises that only once the write had a moment to arrive), so those reads wait for it.
 */
@Stage(4)
@WithCluster(nodes = 5, jvm = NodeJvm.QUICK_START)
class FiveNodeAckFromTest {
    /** How long a write may take to reach the replicas it was not acknowledged by (a busy machine: seconds). */
    private static final Duration ARRIVAL = Duration.ofSeconds(3);

    @Test
    @Checks({"s4-answers", "s4-too-few-504", "s4-replica-order"})
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
                int readAck = ack;
                int replicas = from;
                boolean overlaps = ack + readAck > from;
                expect(wrong, c.put(live, key, "v".getBytes(StandardCharsets.UTF_8), ack, from), 201);
                expectRead(wrong, () -> c.get(live, key, readAck, replicas), 200, overlaps);
                expect(wrong, c.delete(live, key, ack, from), 202);
                expectRead(wrong, () -> c.get(live, key, readAck, replicas), 404, overlaps);
            }
        }
        expect(wrong, c.put(live, "all5", "v".getBytes(StandardCharsets.UTF_8), 5, 5), 504);
        expect(wrong, c.get(live, "af1-1", 5, 5), 504);
        assertEquals(List.of(), wrong, "node " + stopped + " stopped for the second half");
    }

    /**
     * A read right after a write sees it for sure only when their replica sets must overlap (ack + ack > from);
     * otherwise the statement promises only that every replica holds it once the write had a moment to arrive
     * (a replica the write has not reached yet may answer first on a busy machine), so such a read is retried
     * for a while.
     */
    private static void expectRead(List<String> wrong, Callable<Reply> read, int status, boolean overlaps)
            throws Exception {
        Reply r = read.call();
        long deadline = System.nanoTime() + ARRIVAL.toNanos();
        while (!overlaps && r.status() != status && System.nanoTime() < deadline) {
            Thread.sleep(50);
            r = read.call();
        }
        expect(wrong, r, status);
    }

    private static void expect(List<String> wrong, Reply r, int status) {
        if (r.status() != status) {
            wrong.add(r.request() + ": expected " + status + ", got " + r.describeAnswer());
        }
    }
}
