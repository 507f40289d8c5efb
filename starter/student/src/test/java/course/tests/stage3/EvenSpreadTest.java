package course.tests.stage3;

import static course.tests.stage3.ShardedRequests.get;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeMode;
import course.harness.Reply;
import course.harness.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * 10,000 keys spread over the nodes within 15% of an even share. Who owns a key is found without writing
 * anything: with only node 0 running, node 0 answers 404 for its own keys and 503/504 naming the owner for the rest.
 */
@Stage(3)
class EvenSpreadTest {
    static final int KEYS = 10_000;
    static final double TOLERANCE = 0.15;
    static final int CLIENTS = 8;

    @EachClusterSize
    @Checks({"s3-rendezvous", "s3-owner-unavailable"})
    void tenThousandKeysSpreadEvenly(int nodes) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS)) {
            for (int node = 1; node < nodes; node++) {
                cluster.stop(node);
            }
            int[] owned = countOwners(cluster);
            double even = (double) KEYS / nodes;
            for (int node = 0; node < nodes; node++) {
                assertTrue(
                        Math.abs(owned[node] - even) <= TOLERANCE * even,
                        "node " + node + " owns " + owned[node]
                                + " of " + KEYS + " keys; an even share is " + Math.round(even) + " +- "
                                + Math.round(100 * TOLERANCE) + "%. Keys per node: " + Arrays.toString(owned));
            }
        }
    }

    private static int[] countOwners(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<int[]>> parts = new ArrayList<>();
            for (int part = 0; part < CLIENTS; part++) {
                int first = part;
                parts.add(pool.submit(() -> {
                    int[] owned = new int[cluster.size()];
                    for (int k = first; k < KEYS; k += CLIENTS) {
                        owned[ownerOf(cluster, get(c, 0, "spread-" + k))]++;
                    }
                    return owned;
                }));
            }
            int[] total = new int[cluster.size()];
            for (Future<int[]> part : parts) {
                int[] owned = part.get(120, TimeUnit.SECONDS);
                for (int i = 0; i < total.length; i++) {
                    total[i] += owned[i];
                }
            }
            return total;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The node that owns the key of {@code r}, a request to node 0 while every other node is stopped. */
    static int ownerOf(Cluster cluster, Reply r) {
        if (r.status() == 404) {
            return 0;
        }
        if (r.status() == 503 || r.status() == 504) {
            for (int node = 1; node < cluster.size(); node++) {
                if (r.bodyText().contains(cluster.url(node))) {
                    return node;
                }
            }
        }
        throw new AssertionError("with only node 0 running, " + r.request() + " must answer 404 (node 0 owns the "
                + "key) or 503/504 with a body naming the owner's URL, one of " + cluster.urls() + "; got "
                + r.describeAnswer());
    }
}
