package course.tests.stage3;

import static course.tests.stage3.ShardedRequests.get;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Clients;
import course.harness.Cluster;
import course.harness.ClusterExtension;
import course.harness.EachClusterSize;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * 10,000 keys spread over the nodes within 15% of an even share. Who owns a key is found without writing
 * anything: with only node 0 running, node 0 answers 404 for its own keys and 503/504 naming the owner for the rest.
 * No choice here is random: the seed only gives a failure its replay line.
 */
@Stage(3)
@ExtendWith(ClusterExtension.class)
class EvenSpreadTest {
    static final int KEYS = 10_000;
    static final double TOLERANCE = 0.15;
    static final int CLIENTS = 8;

    @EachClusterSize
    @Checks({"s3-rendezvous", "s3-owner-unavailable"})
    void tenThousandKeysSpreadEvenly(int nodes, Seed seed) throws Exception {
        try (Cluster cluster = Cluster.started(nodes, NodeMode.IN_PROCESS, NodeJvm.QUICK_START)) {
            for (int node = 1; node < nodes; node++) {
                cluster.stop(node);
            }
            int[] owned = countOwners(cluster, seed);
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

    private static int[] countOwners(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        List<int[]> parts = Clients.concurrently(
                CLIENTS,
                seed.value(),
                120,
                "with only node 0 running, each client "
                        + "sends " + KEYS / CLIENTS
                        + " GETs to node 0, and a key whose owner is stopped must be answered 503 "
                        + "or 504 at once, naming the owner (the reference answers all " + KEYS
                        + " in a few seconds); a node "
                        + "that waits out a timeout before it says the owner is down is this slow",
                (part, random) -> {
                    int[] owned = new int[cluster.size()];
                    for (int k = part; k < KEYS; k += CLIENTS) {
                        owned[ownerOf(cluster, get(c, 0, "spread-" + k))]++;
                    }
                    return owned;
                });
        int[] total = new int[cluster.size()];
        for (int[] owned : parts) {
            for (int i = 0; i < total.length; i++) {
                total[i] += owned[i];
            }
        }
        return total;
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
