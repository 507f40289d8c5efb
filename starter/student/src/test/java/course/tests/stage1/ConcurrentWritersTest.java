package course.tests.stage1;

import course.harness.Checks;
import course.harness.ClientModels;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import org.junit.jupiter.api.Test;

/**
 * 32 clients at once, each writing 500 keys that no one wrote before and reading its latest ones back as it goes:
 * every write adds to the node's in-memory structures while others do too, so a structure that is not safe for
 * concurrent requests (a memtable changed or swapped for a new one without a lock, a buffer shared by requests)
 * loses keys, mixes them up, or hides them for a moment.
 */
@Stage(1)
// QUICK_START: the point is what concurrent writers read back, which no collector or compiler changes
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ConcurrentWritersTest {
    static final ClientModels CLIENTS = new ClientModels("writer", 32, 500, 500);
    static final int RECENT = 8;

    @Test
    @Checks("c-concurrent-requests")
    void concurrentWritersOfNewKeysLoseNone(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        CLIENTS.runAndCheck(c, seed.value(), 120, (id, random, model) -> {
            for (int k = 0; k < CLIENTS.keysPerClient(); k++) {
                model.put(CLIENTS.key(id, k), "w" + id + "-" + k + "-" + "x".repeat(random.nextInt(32)));
                // One of its latest keys: what a node still holds in memory, or is writing out, right now.
                model.assertRead(CLIENTS.key(id, k - random.nextInt(Math.min(k + 1, RECENT))));
            }
        });
    }
}
