package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Clients;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * 64 clients at once. Each owns some keys (its reads of them must match its own sequential model) and all of them
 * fight over a few shared keys (a read of a shared key must return some value that was really written, or 404).
 */
@Stage(1)
@WithCluster(nodes = 1)
class ManyClientsModelTest {
    static final int CLIENTS = 64;
    static final int OPERATIONS = 150;
    static final int OWN_KEYS = 12;
    static final int SHARED_KEYS = 4;

    @Test
    void sixtyFourClientsMatchTheirModels(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        Set<String> everWritten = ConcurrentHashMap.newKeySet();
        Map<String, String> expected = new HashMap<>();
        Clients.concurrently(CLIENTS, seed.value() * 31, 180, (id, random) -> runClient(c, id, random, everWritten))
                .forEach(expected::putAll);
        for (int client = 0; client < CLIENTS; client++) {
            for (int k = 0; k < OWN_KEYS; k++) {
                String key = own(client, k);
                c.get(0, key).assertValue(expected.get(key));
            }
        }
        for (int k = 0; k < SHARED_KEYS; k++) {
            checkShared(c.get(0, shared(k)), everWritten);
        }
    }

    private static Map<String, String> runClient(KvClient c, int client, Random random, Set<String> everWritten) {
        Map<String, String> model = new HashMap<>();
        for (int op = 0; op < OPERATIONS; op++) {
            int dice = random.nextInt(20);
            if (dice < 3) {
                String value = "shared-by-" + client + "-op" + op;
                everWritten.add(value); // before the PUT: a concurrent reader may already see it
                c.put(0, shared(random.nextInt(SHARED_KEYS)), value).assertStatus(201);
            } else if (dice < 5) {
                checkShared(c.get(0, shared(random.nextInt(SHARED_KEYS))), everWritten);
            } else {
                String key = own(client, random.nextInt(OWN_KEYS));
                if (dice < 11) {
                    String value = "c" + client + "-op" + op + "-" + "v".repeat(random.nextInt(200));
                    c.put(0, key, value).assertStatus(201);
                    model.put(key, value);
                } else if (dice < 14) {
                    c.delete(0, key).assertStatus(202);
                    model.remove(key);
                } else {
                    String value = model.get(key);
                    c.get(0, key).assertValue(value);
                }
            }
        }
        return model;
    }

    private static void checkShared(Reply reply, Set<String> everWritten) {
        if (reply.status() == 404) {
            return;
        }
        reply.assertStatus(200);
        assertTrue(everWritten.contains(reply.bodyText()),
                reply.request() + " returned '" + reply.bodyText() + "', a value no client ever wrote");
    }

    private static String own(int client, int k) {
        return "own-" + client + "-" + k;
    }

    private static String shared(int k) {
        return "shared-" + k;
    }
}
