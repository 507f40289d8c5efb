package course.hidden.stage4;

import static course.hidden.SettledLiveObjects.mib;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.LiveObjects;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import course.hidden.SettledLiveObjects;
import course.hidden.WhileBusy;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a coordinator still holds once it answered GETs while one of the replicas was silent: none of the values. The
 * silent replica's calls stay pending until the coordinator's timeout for a replica, and whatever they reach stays in
 * memory with them. A coordinator whose quorum keeps the newest record after the client's answer was made of it keeps
 * every answered value that long, uncounted (its budget was given back with the answer): a busy stage-4 coordinator
 * died of OutOfMemoryError with such a record among its live arrays.
 */
@Stage(4)
class AnsweredReadsLetGoTest {
    private static final int VALUE_BYTES = 8 << 20;
    private static final int GETS = 4;

    /**
     * The nodes start with {@code course.peerTimeoutMillis} at 30 s, the reference's setting for how long a replica
     * has, so that the calls to the silent replica are still pending when node 0's memory is measured. A node that does
     * not read that setting keeps its own timeout; with a short one its calls may have ended by then, and the test
     * shows less.
     */
    @Test
    @WithCluster(
            nodes = 3,
            mode = NodeMode.PROCESS,
            heap = "128m",
            jvm = NodeJvm.AS_RUN,
            proxied = true,
            settings = "course.peerTimeoutMillis=30000")
    @Checks("s4-read-memory")
    void aCoordinatorKeepsNoAnsweredValueWhileAReplicaIsSilent(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        byte[] value = SeededValues.of(seed.value(), 0, VALUE_BYTES);
        WhileBusy.send(() -> c.put(0, "answered", value, 3, 3), Set.of(503, 504), 10, Duration.ofMillis(500))
                .assertStatus(201);
        c.get(0, "answered").assertBody(200, value); // the read path's own set-up, before the baseline
        LiveObjects before = cluster.liveObjects(0);
        cluster.proxy(2).blackHole();
        try {
            for (int i = 0; i < GETS; i++) {
                // ack=2 of 3: node 0 and node 1 answer; the call to node 2 stays pending.
                WhileBusy.send(() -> c.get(0, "answered"), Set.of(503), 10, Duration.ofMillis(500))
                        .assertBody(200, value);
            }
            LiveObjects after = SettledLiveObjects.of(cluster, 0, before.bytes() + VALUE_BYTES / 2);
            long kept = after.bytes() - before.bytes();
            assertTrue(
                    kept < VALUE_BYTES / 2,
                    "node 0 answered " + GETS + " GETs of one " + mib(VALUE_BYTES)
                            + " value (ack=2, from=3) while node 2"
                            + " was silent, each client read its answer whole; after a full collection node 0 still"
                            + " holds " + mib(kept) + " more than before them. Once the client's answer is made, the"
                            + " request must hold none of the replicas' records: the call to the silent replica is"
                            + " pending until the timeout, and whatever it reaches (the quorum, the newest record it"
                            + " kept) stays in memory, counted by no budget. What it holds, largest classes first:\n"
                            + after.largest(8) + "\n(before the GETs:\n" + before.largest(8) + ")");
        } finally {
            cluster.proxy(2).heal();
        }
    }
}
