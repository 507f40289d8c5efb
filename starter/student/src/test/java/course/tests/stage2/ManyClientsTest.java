package course.tests.stage2;

import course.harness.Clients;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * 64 clients at once with the default stage-2 settings: every request is handled (no 503: the default queue must
 * hold at least 64 requests), and each client reads back exactly what it wrote, also after the others finished.
 */
@Stage(2)
@WithCluster(nodes = 1)
class ManyClientsTest {
    static final int CLIENTS = 64;
    static final int OPERATIONS = 80;
    static final int KEYS_PER_CLIENT = 20;

    @Test
    void sixtyFourClientsEachSeeTheirOwnWrites(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        List<Map<String, byte[]>> finals = Clients.concurrently(CLIENTS, seed.value() * 31, 120,
                (id, random) -> writeAndCheck(c, id, random));
        for (int client = 0; client < CLIENTS; client++) {
            Map<String, byte[]> expected = finals.get(client);
            for (int k = 0; k < KEYS_PER_CLIENT; k++) {
                String key = key(client, k);
                c.get(0, key).assertValue(expected.get(key));
            }
        }
    }

    /** PUT, DELETE and GET on the client's own keys, each read checked against what the client last did. */
    private static Map<String, byte[]> writeAndCheck(KvClient c, int client, Random random) {
        Map<String, byte[]> model = new HashMap<>();
        for (int op = 0; op < OPERATIONS; op++) {
            String key = key(client, random.nextInt(KEYS_PER_CLIENT));
            int dice = random.nextInt(10);
            if (dice < 4) {
                byte[] value = new byte[random.nextInt(2048)];
                random.nextBytes(value);
                c.put(0, key, value).assertStatus(201);
                model.put(key, value);
            } else if (dice < 5) {
                c.delete(0, key).assertStatus(202);
                model.remove(key);
            } else if (model.containsKey(key)) {
                c.get(0, key).assertBody(200, model.get(key));
            } else {
                c.get(0, key).assertStatus(404);
            }
        }
        return model;
    }

    private static String key(int client, int k) {
        return "many-c" + client + "-k" + k;
    }
}
