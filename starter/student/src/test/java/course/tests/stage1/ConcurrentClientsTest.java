package course.tests.stage1;


import course.harness.Clients;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * 16 clients at once, 1000 mixed operations each, on keys of their own plus reads of everyone's keys: the final
 * state must be what a sequential model of each client predicts.
 */
@Stage(1)
@WithCluster(nodes = 1)
class ConcurrentClientsTest {
    static final int CLIENTS = 16;
    static final int OPERATIONS = 1000;
    static final int KEYS_PER_CLIENT = 50;

    @Test
    void concurrentMixedOperationsMatchTheModel(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        Map<String, String> expected = new HashMap<>();
        Clients.concurrently(CLIENTS, seed.value(), 120, (id, random) -> runClient(c, id, random))
                .forEach(expected::putAll);
        for (int client = 0; client < CLIENTS; client++) {
            for (int k = 0; k < KEYS_PER_CLIENT; k++) {
                String key = key(client, k);
                c.get(0, key).assertValue(expected.get(key));
            }
        }
    }

    /** One client's operations; it checks its own reads as it goes and returns its final model. */
    private static Map<String, String> runClient(KvClient c, int client, Random random) {
        Map<String, String> model = new HashMap<>();
        for (int op = 0; op < OPERATIONS; op++) {
            String key = key(client, random.nextInt(KEYS_PER_CLIENT));
            int dice = random.nextInt(10);
            if (dice < 5) {
                String value = "c" + client + "-op" + op + "-" + "x".repeat(random.nextInt(64));
                c.put(0, key, value).assertStatus(201);
                model.put(key, value);
            } else if (dice < 7) {
                c.delete(0, key).assertStatus(202);
                model.remove(key);
            } else if (dice < 9) {
                String value = model.get(key);
                c.get(0, key).assertValue(value);
            } else {
                // A read of another client's key: any answer but an error is allowed while it is being written.
                c.get(0, key(random.nextInt(CLIENTS), random.nextInt(KEYS_PER_CLIENT))).assertStatusIn(200, 404);
            }
        }
        return model;
    }

    private static String key(int client, int k) {
        return "client" + client + "-key" + k;
    }
}
