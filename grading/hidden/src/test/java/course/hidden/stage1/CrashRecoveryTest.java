package course.hidden.stage1;

import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeMode;
import course.harness.NodeModel;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.Values;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * kill -9 after acknowledged writes, overwrites and deletes: after the node starts again the state is exactly what
 * was acknowledged, deletes included (a tombstone lost in a crash brings a deleted value back).
 */
@Stage(1)
@WithCluster(nodes = 1, mode = NodeMode.PROCESS)
class CrashRecoveryTest {
    @Test
    void overwritesAndDeletesSurviveKill9(Cluster cluster, Seed seed) throws Exception {
        NodeModel model = new NodeModel(cluster.client());
        Random random = seed.random();
        for (int i = 0; i < 1500; i++) {
            String key = "k" + random.nextInt(600);
            if (random.nextInt(4) == 0) {
                model.delete(key);
            } else {
                model.put(key, Values.of(seed.value(), i, random.nextInt(300)));
            }
        }
        killAndStart(cluster);
        model.assertEveryKey();
    }

    /**
     * Recovery order: one key written many times, then kill -9 before any flush. Replaying the log in any order but
     * the one it was written in brings an older value back.
     */
    @Test
    void theLastOfManyOverwritesSurvivesKill9(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        Random random = seed.random();
        byte[] last = null;
        for (int i = 0; i < 20; i++) {
            last = Values.of(seed.value(), 5000 + i, 1 + random.nextInt(200));
            c.put(0, "again", last).assertStatus(201);
            c.put(0, "other" + (i % 3), last).assertStatus(201);
        }
        c.delete(0, "other0").assertStatus(202);
        killAndStart(cluster);
        c.get(0, "again").assertBody(200, last);
        c.get(0, "other0").assertStatus(404);
    }

    @Test
    void recoversTwiceInARow(Cluster cluster, Seed seed) throws Exception {
        NodeModel model = new NodeModel(cluster.client());
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 300; i++) {
                model.put("r" + round + "-" + i, Values.of(seed.value(), round * 1000L + i, 100));
            }
            model.delete("r0-1");
            killAndStart(cluster);
        }
        model.assertEveryKey();
    }

    @Test
    void largeValuesSurviveKill9(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        for (int i = 0; i < 3; i++) {
            c.put(0, "big" + i, Values.of(seed.value(), i, (1 << 20) + i)).assertStatus(201);
        }
        killAndStart(cluster);
        for (int i = 0; i < 3; i++) {
            c.get(0, "big" + i).assertBody(200, Values.of(seed.value(), i, (1 << 20) + i));
        }
    }

    /** kill -9 in the middle of nothing, then the same node on the same files: what it recovers is what it holds. */
    private static void killAndStart(Cluster cluster) throws Exception {
        cluster.kill(0);
        cluster.start(0);
    }
}
