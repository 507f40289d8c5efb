package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeModel;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Several stop/start cycles of the same node object, each after random writes and deletes, with enough data that
 * some of it is flushed to disk files: deletes must hide values that are already on disk, across restarts.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class RestartModelTest {
    private static final RandomWrites WRITES = new RandomWrites("m", 300, 3, 2000);

    @Test
    @Checks({"s1-restart-same-object", "c-restart-same-object"})
    void modelHoldsAcrossFiveRestarts(Cluster cluster, Seed seed) throws Exception {
        NodeModel model = new NodeModel(cluster.client());
        Random random = seed.random();
        for (int cycle = 0; cycle < 5; cycle++) {
            WRITES.run(model, seed, random, cycle * 1000L, 200);
            cluster.restart(0);
            for (int k = 0; k < WRITES.keys(); k++) {
                model.assertRead(WRITES.key(k));
            }
        }
    }

    @Test
    @Checks({"s1-delete-202", "c-get-live-value"})
    void deleteHidesAValueAlreadyOnDisk(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        c.put(0, "victim", "on disk soon").assertStatus(201);
        // 8 MiB more than the victim pushes it out of any reasonable memtable into a disk file.
        for (int i = 0; i < 32; i++) {
            c.put(0, "filler-" + i, SeededValues.of(seed.value(), i, 256 << 10)).assertStatus(201);
        }
        c.delete(0, "victim").assertStatus(202);
        c.get(0, "victim").assertStatus(404);
        cluster.restart(0);
        c.get(0, "victim").assertStatus(404);
        c.get(0, "filler-31").assertBody(200, SeededValues.of(seed.value(), 31, 256 << 10));
    }
}
