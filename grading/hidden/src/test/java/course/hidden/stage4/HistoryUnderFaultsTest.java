package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One client's random history of quorum writes and reads (default ack/from) through random nodes while, in turn,
 * one node is slow, one node is partitioned away from the others, and then all is healed: every acknowledged write
 * must be visible to every later quorum read until it is overwritten, and with one fault at a time every request
 * reaches its quorum.
 */
@Stage(4)
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class HistoryUnderFaultsTest {
    private static final int KEYS = 12;
    private static final int OPERATIONS_PER_PHASE = 90;

    @Test
    @Checks({"s4-quorum-read-sees-write", "s4-newest-wins"})
    void acknowledgedWritesAreSeenByLaterQuorumReads(Cluster cluster, Seed seed) {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        Random random = seed.random();
        History history = new History();
        int unanswered = 0;
        for (int phase = 0; phase < 4; phase++) {
            int faulty = random.nextInt(3);
            switch (phase) {
                case 1 -> cluster.proxy(faulty).delay(Duration.ofMillis(150));
                case 2 -> cluster.proxy(faulty).partition();
                default -> {}
            }
            for (int i = 0; i < OPERATIONS_PER_PHASE; i++) {
                String key = "h" + random.nextInt(KEYS);
                int node = random.nextInt(3);
                int kind = random.nextInt(5);
                if (kind == 0) {
                    var r = c.delete(node, key);
                    history.write(key, null, r);
                    unanswered += r.status() == 202 ? 0 : 1;
                } else if (kind <= 2) {
                    byte[] value = ("p" + phase + "-" + i).getBytes(StandardCharsets.UTF_8);
                    var r = c.put(node, key, value);
                    history.write(key, value, r);
                    unanswered += r.status() == 201 ? 0 : 1;
                } else {
                    var r = c.get(node, key);
                    history.read(key, r);
                    unanswered += r.status() == 200 || r.status() == 404 ? 0 : 1;
                }
            }
            cluster.proxy(faulty).heal();
        }
        assertEquals(
                List.of(),
                history.violations().stream().limit(5).toList(),
                history.violations().size() + " of " + history.operations() + " operations broke the history");
        assertTrue(
                unanswered == 0,
                unanswered + " requests did not reach a quorum, though at most one of three "
                        + "nodes was slow or cut off at a time and the default ack is 2");
    }
}
