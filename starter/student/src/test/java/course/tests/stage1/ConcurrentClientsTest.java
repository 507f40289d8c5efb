package course.tests.stage1;

import course.harness.Checks;
import course.harness.ClientModels;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeModel;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * 16 clients at once, 1000 mixed operations each, on keys of their own plus reads of everyone's keys: the final
 * state must be what a sequential model of each client predicts.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ConcurrentClientsTest {
    static final ClientModels CLIENTS = new ClientModels("client", 16, 1000, 50);

    @Test
    @Checks("c-concurrent-requests")
    void concurrentMixedOperationsMatchTheModel(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        CLIENTS.runAndCheck(c, seed.value(), 120, (id, random, model) -> runClient(c, id, random, model));
    }

    /** One client's operations; it checks its own reads as it goes. */
    private static void runClient(KvClient c, int client, Random random, NodeModel model) {
        for (int op = 0; op < CLIENTS.operations(); op++) {
            String key = CLIENTS.anyKeyOf(client, random);
            int dice = random.nextInt(10);
            if (dice < 5) {
                model.put(key, "c" + client + "-op" + op + "-" + "x".repeat(random.nextInt(64)));
            } else if (dice < 7) {
                model.delete(key);
            } else if (dice < 9) {
                model.assertRead(key);
            } else {
                // A read of another client's key: any answer but an error is allowed while it is being written.
                c.get(0, CLIENTS.anyKeyOf(random.nextInt(CLIENTS.clients()), random))
                        .assertStatusIn(200, 404);
            }
        }
    }
}
