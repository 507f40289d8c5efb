package course.tests.stage2;

import course.harness.Checks;
import course.harness.ClientModels;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeModel;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * 64 clients at once with the default stage-2 queue and workers: every request is handled (no 503: the default queue
 * must hold at least 64 requests), and each client reads back exactly what it wrote, also after the others finished.
 *
 * <p>The node starts with {@code course.deadlineMillis} at 10 s. With the default deadline (the reference's 1 s) a
 * machine short of CPU made a correct node refuse a GET that had waited 1,319 ms for a worker (a suite run of
 * 2026-11-28, the stage-2 reference in a student's build); the deadline is {@code OverloadTest}'s, this test is about
 * the queue, whose refusals come at once.
 */
@Stage(2)
// QUICK_START: 64 clients with one request each in flight never queue more than 64, however fast the node runs
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START, settings = "course.deadlineMillis=10000")
class ManyClientsTest {
    static final ClientModels CLIENTS = new ClientModels("many-c", 64, 80, 20);

    @Test
    @Checks({"s2-setting-queue-capacity", "c-concurrent-requests"})
    void sixtyFourClientsEachSeeTheirOwnWrites(Cluster cluster, Seed seed) throws Exception {
        CLIENTS.runAndCheck(cluster.client(), seed.value() * 31, 120, ManyClientsTest::writeAndCheck);
    }

    /** PUT, DELETE and GET on the client's own keys, each read checked against what the client last did. */
    private static void writeAndCheck(int client, Random random, NodeModel model) {
        for (int op = 0; op < CLIENTS.operations(); op++) {
            String key = CLIENTS.anyKeyOf(client, random);
            int dice = random.nextInt(10);
            if (dice < 4) {
                byte[] value = new byte[random.nextInt(2048)];
                random.nextBytes(value);
                model.put(key, value);
            } else if (dice < 5) {
                model.delete(key);
            } else {
                model.assertRead(key);
            }
        }
    }
}
