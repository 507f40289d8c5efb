package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.ClientModels;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeModel;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * 64 clients at once. Each owns some keys (its reads of them must match its own sequential model) and all of them
 * fight over a few shared keys (a read of a shared key must return some value that was really written, or 404).
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ManyClientsModelTest {
    static final ClientModels CLIENTS = new ClientModels("own-", 64, 150, 12);
    static final int SHARED_KEYS = 4;

    @Test
    @Checks("c-concurrent-requests")
    void sixtyFourClientsMatchTheirModels(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        Set<String> everWritten = ConcurrentHashMap.newKeySet();
        CLIENTS.runAndCheck(
                c, seed.value() * 31, 180, (id, random, model) -> runClient(c, id, random, model, everWritten));
        for (int k = 0; k < SHARED_KEYS; k++) {
            checkShared(c.get(0, shared(k)), everWritten);
        }
    }

    private static void runClient(KvClient c, int client, Random random, NodeModel model, Set<String> everWritten) {
        for (int op = 0; op < CLIENTS.operations(); op++) {
            int dice = random.nextInt(20);
            if (dice < 3) {
                String value = "shared-by-" + client + "-op" + op;
                everWritten.add(value); // before the PUT: a concurrent reader may already see it
                c.put(0, shared(random.nextInt(SHARED_KEYS)), value).assertStatus(201);
            } else if (dice < 5) {
                checkShared(c.get(0, shared(random.nextInt(SHARED_KEYS))), everWritten);
            } else if (dice < 11) {
                model.put(
                        CLIENTS.anyKeyOf(client, random),
                        "c" + client + "-op" + op + "-" + "v".repeat(random.nextInt(200)));
            } else if (dice < 14) {
                model.delete(CLIENTS.anyKeyOf(client, random));
            } else {
                model.assertRead(CLIENTS.anyKeyOf(client, random));
            }
        }
    }

    private static void checkShared(Reply reply, Set<String> everWritten) {
        if (reply.status() == 404) {
            return;
        }
        reply.assertStatus(200);
        assertTrue(
                everWritten.contains(reply.bodyText()),
                reply.request() + " returned '" + reply.bodyText() + "', a value no client ever wrote");
    }

    private static String shared(int k) {
        return "shared-" + k;
    }
}
