package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeProxy;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An older write that reaches a replica after a newer one, in an order the test sets instead of one that concurrent
 * clients may or may not produce: the replica keeps the newer. {@link ConcurrentClientsHistoryTest} checks the same
 * promise among many writes, but on a busy machine its writes sometimes arrived in order and a replica that keeps
 * whatever comes last passed it.
 */
@Stage(4)
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class LateReplicaWriteTest {
    /**
     * How long the older write to node 2 is held on its way: the newer write, sent after the older one's 201, must
     * overtake it within this time; shorter than the second a coordinator commonly waits for a replica.
     */
    private static final Duration LATE = Duration.ofMillis(700);
    /** Tries, each with a key of its own, for a newer write that overtakes the older one on a busy machine. */
    private static final int TRIES = 5;

    @Test
    @Checks({"s4-replica-keeps-newer", "s4-replicas-converge"})
    void aReplicaKeepsTheNewerWriteWhenAnOlderOneArrivesAfterIt(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        // Each node's first call to its peers sets up its client (half a second on a busy machine, seen beside four
        // busy loops): done here, before any write is timed.
        for (int node = 0; node < 3; node++) {
            c.put(node, "warm-" + node, bytes("up"), 3, 3).assertStatus(201);
        }
        String key = null;
        for (int t = 0; t < TRIES; t++) {
            key = "late-" + t;
            // Every node is a replica (from=3). Nodes 0 and 1 acknowledge the older write (ack=2) while its copy for
            // node 2 waits in node 2's proxy; bytes the proxy reads after the heal pass at once.
            cluster.proxy(2).delay(NodeProxy.Direction.TO_NODE, LATE);
            long sent = System.nanoTime();
            c.put(0, key, bytes("older"), 2, 3).assertStatus(201);
            cluster.proxy(2).heal();
            // ack=3: this 201 comes once node 2 has the newer write too.
            c.put(1, key, bytes("newer"), 3, 3).assertStatus(201);
            if (System.nanoTime() - sent < LATE.toNanos()) {
                break; // node 2 had the newer write before the older one could arrive
            }
        }
        Thread.sleep(LATE.multipliedBy(2).toMillis()); // the older write has reached node 2
        // Node 2 alone: its own copy is the only answer it can get.
        cluster.proxy(0).partition();
        cluster.proxy(1).partition();
        Reply alone = c.get(2, key, 1, 3);
        assertTrue(
                alone.status() == 200 && alone.bodyText().equals("newer"),
                "node 2 got the write of 'newer' and then, " + LATE.toMillis() + " ms late, the write of 'older' that"
                        + " was stamped before it; read alone (ack=1, the other nodes cut off) it answers "
                        + alone.describeAnswer() + ": a replica keeps the write with the newer timestamp, in whatever"
                        + " order the writes arrive");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
