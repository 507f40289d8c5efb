package course.hidden.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ConfiguredCluster;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * After an overload the node is as good as before: the burst's surplus got 503, and every request after it succeeds
 * and sees exactly the writes that were accepted.
 */
@Stage(2)
class OverloadRecoveryTest {
    @Test
    @Checks("s2-queue-full-503")
    void aBurstGets503AndEveryLaterRequestSucceeds() throws Exception {
        Cluster cluster = ConfiguredCluster.started(
                1,
                Map.of(
                        "course.workers",
                        "1",
                        "course.queueCapacity",
                        "2",
                        "course.handlerDelayMillis",
                        "150",
                        "course.deadlineMillis",
                        "60000"),
                NodeJvm.AS_RUN);
        try (cluster) {
            var c = cluster.client().withTimeout(Duration.ofSeconds(20));
            c.put(0, "warm", "up").assertStatus(201);
            List<Reply> burst = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
                List<Future<Reply>> sent = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    int n = i;
                    sent.add(pool.submit(() -> c.put(0, "burst" + n, "value" + n)));
                }
                for (Future<Reply> f : sent) {
                    burst.add(f.get());
                }
            }
            long rejected = burst.stream().filter(r -> r.status() == 503).count();
            burst.forEach(r -> r.assertStatusIn(201, 503));
            assertTrue(
                    rejected >= 8,
                    "1 worker, a queue of 2 and 16 simultaneous requests: at least 8 must get " + "503, got "
                            + rejected);
            // Sequential requests after the burst: the node must have recovered, none may be rejected.
            for (int i = 0; i < 16; i++) {
                String key = "burst" + i;
                Reply stored = c.get(0, key);
                if (burst.get(i).status() == 201) {
                    stored.assertBody(200, "value" + i);
                } else {
                    stored.assertStatus(404);
                }
            }
            for (int i = 0; i < 6; i++) {
                c.put(0, "after" + i, "v" + i).assertStatus(201);
                c.get(0, "after" + i).assertBody(200, "v" + i);
            }
            assertEquals(16, burst.size());
        }
    }
}
