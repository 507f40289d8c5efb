package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.WhileBusy;
import course.runtime.Submission;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Node 2 turns silent: its proxy accepts the other nodes' connections, reads their requests and never answers nor
 * closes (a hung JVM, a half-open connection). Unlike a stopped node, nothing tells the sender: only a timeout of
 * its own ends the wait. Every request that needs node 2 must still be answered, with an error that names it, well
 * within the client's patience; requests that do not need it must not notice.
 */
@Stage(3)
// QUICK_START: the peer's silence lasts; the node's own speed adds milliseconds to its timeout
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class SilentPeerTest {
    /**
     * Keys written. Which node owns a key follows the nodes' addresses, new ports each run: with 15 keys node 2 owned
     * none once ((2/3)^15, about 1 run in 440); with 45, about 1 in 80 million.
     */
    private static final int KEYS = 45;
    /** Enough of either kind seen: each failure costs a peer timeout, so the reads stop there. */
    private static final int ENOUGH = 5;
    /** Keys read with a quorum from stage 4 on (a node may spend a timeout on the silent replica per read). */
    private static final int QUORUM_READS = 15;
    /** The client's patience: far above any reasonable peer timeout, far below "for good". */
    private static final Duration CLIENT_WAIT = Duration.ofSeconds(10);
    /** What a live but starved owner costs: the asking node's peer timeout (504), or its busy answer (503). */
    private static final Set<Integer> BUSY = Set.of(503, 504);

    @Test
    @Checks({"s3-silent-owner-504", "s5-replica-timeout"})
    void aSilentPeerCostsATimeoutNeverAHungClient(Cluster cluster) {
        KvClient c = cluster.client().withTimeout(CLIENT_WAIT);
        for (int k = 0; k < KEYS; k++) {
            int key = k;
            // Every node is live here and after the heal: a 504 then is a live owner that a starved machine held past
            // the asking node's peer timeout (a stage-3 reference's 1000 ms, once, in a suite run on two CPUs).
            WhileBusy.send(() -> c.put(key % 3, "s" + key, "v" + key), BUSY, 4, Duration.ofMillis(250))
                    .assertStatus(201);
        }
        cluster.proxy(2).blackHole();
        List<String> failed = new ArrayList<>();
        int served = 0;
        if (Submission.current().stage() == 3) {
            for (int k = 0; k < KEYS && (failed.size() < ENOUGH || served < ENOUGH); k++) {
                Reply r = answeredInTime(c.get(0, "s" + k));
                if (r.status() != 200 && !r.bodyText().contains(cluster.url(2))) {
                    // A live owner that missed node 0's peer timeout once: on a starved machine (a suite run, 27
                    // processes ready for 2 cores) a live node's JVM stood still past the reference's 1000 ms. Asked
                    // again; a node that names the wrong peer, or none, still fails below.
                    r = answeredInTime(c.get(0, "s" + k));
                }
                if (r.status() == 200) {
                    r.assertBody(200, "v" + k);
                    served++;
                } else {
                    r.assertStatusIn(503, 504);
                    assertTrue(
                            r.bodyText().contains(cluster.url(2)),
                            r.request() + " answered " + r.describeAnswer() + ", which does not name the silent owner "
                                    + cluster.url(2));
                    failed.add("s" + k);
                }
            }
            assertTrue(
                    !failed.isEmpty() && served > 0,
                    "node 2 owns about a third of the keys, but " + failed.size() + " of " + (failed.size() + served)
                            + " read through node 0 failed");
        } else {
            // From stage 4 on every key lives on all three nodes: nodes 0 and 1 are a majority without node 2, and a
            // request that needs all three must end in 504, not wait for node 2 for good.
            for (int k = 0; k < QUORUM_READS; k++) {
                answeredInTime(c.get(0, "s" + k)).assertBody(200, "v" + k);
            }
            for (int k = 0; k < 3; k++) {
                Reply r = answeredInTime(c.get(0, "s" + k, 3, 3));
                r.assertStatus(504);
            }
            answeredInTime(c.put(0, "s0", "all".getBytes(StandardCharsets.UTF_8), 3, 3))
                    .assertStatus(504);
        }
        cluster.proxy(2).heal();
        for (int k = 0; k < KEYS; k++) {
            int key = k;
            WhileBusy.send(() -> answeredInTime(c.put(0, "s" + key, "w" + key)), BUSY, 4, Duration.ofMillis(250))
                    .assertStatus(201);
            WhileBusy.send(() -> c.get(key % 3, "s" + key), BUSY, 4, Duration.ofMillis(250))
                    .assertBody(200, "w" + k);
        }
    }

    /** The reply, when one came within the client's wait; a failure saying so when the client gave up first. */
    private static Reply answeredInTime(Reply r) {
        assertTrue(
                r.answered(),
                r.request() + " got no answer within " + CLIENT_WAIT.toSeconds() + " s while node 2 "
                        + "was silent (" + r.error()
                        + "): a peer that accepts a connection and never answers must cost a "
                        + "request timeout of your own (then 504), not hang the client. Give every request to another node "
                        + "a timeout, not only a connect timeout");
        return r;
    }
}
