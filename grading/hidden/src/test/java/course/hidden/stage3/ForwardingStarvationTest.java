package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ConfiguredCluster;
import course.harness.KvClient;
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
 * Two nodes with one worker each ({@code -Dcourse.workers=1}), and clients of both sending keys that the other node
 * owns about half of the time. A node's worker that forwards waits for the other node; if the other node's answer
 * needed that node's one worker too (a forwarded request served in the clients' queue, or not told apart from a
 * client's), both workers would wait for each other until the peer timeout: 504s and 503s where each request
 * takes a few milliseconds. Requests from other nodes must be served by workers that never wait for anyone.
 */
@Stage(3)
class ForwardingStarvationTest {
    private static final int CLIENTS = 8;
    private static final int REQUESTS_PER_CLIENT = 15;

    @Test
    @Checks("s3-peer-lane")
    void nodesForwardingToEachOtherWithOneWorkerEachKeepAnswering() throws Exception {
        // A deadline far above any wait of a healthy node: a 503 here can only come from starvation.
        // QUICK_START: workers waiting for each other wait a peer timeout under either compiler
        Cluster cluster = ConfiguredCluster.started(
                2, Map.of("course.workers", "1", "course.deadlineMillis", "30000"), NodeJvm.QUICK_START);
        try (cluster;
                ExecutorService clients = Executors.newFixedThreadPool(CLIENTS)) {
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
            c.put(0, "warm-0", "up").assertStatus(201);
            c.put(1, "warm-1", "up").assertStatus(201);
            List<Future<List<String>>> done = new ArrayList<>();
            for (int t = 0; t < CLIENTS; t++) {
                int node = t % 2;
                String prefix = "f" + t + "-";
                done.add(clients.submit(() -> {
                    List<String> wrong = new ArrayList<>();
                    for (int i = 0; i < REQUESTS_PER_CLIENT; i++) {
                        Reply r = c.put(node, prefix + i, "v" + i);
                        if (r.status() != 201) {
                            wrong.add(r.request() + " -> "
                                    + r.describeAnswer().lines().findFirst().orElse(""));
                        }
                    }
                    return wrong;
                }));
            }
            List<String> wrong = new ArrayList<>();
            for (Future<List<String>> f : done) {
                wrong.addAll(f.get());
            }
            assertEquals(
                    List.of(),
                    wrong.stream().limit(10).toList(),
                    wrong.size() + " of " + CLIENTS * REQUESTS_PER_CLIENT
                            + " PUTs through two nodes with one worker each were not answered 201. "
                            + "When a worker forwards and waits, the other node must serve the forwarded request with "
                            + "workers that never wait for another node (mark it as internal and give such requests a lane "
                            + "of their own), or every worker ends up waiting for a peer that cannot get one");
            for (int t = 0; t < CLIENTS; t++) {
                for (int i = 0; i < REQUESTS_PER_CLIENT; i++) {
                    c.get((t + 1) % 2, "f" + t + "-" + i).assertBody(200, "v" + i);
                }
            }
        }
    }
}
