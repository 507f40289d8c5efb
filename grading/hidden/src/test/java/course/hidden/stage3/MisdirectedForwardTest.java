package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.WhileBusy;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Two nodes that disagree about an owner: node 1's URL is made to lead to node 0, so node 0 forwards node 1's keys to
 * itself, marked as forwarded, and there it still thinks node 1 owns them. A node that serves a marked request where
 * it arrives answers every request; one that forwards it again sends it round until a timeout ends the chain.
 *
 * <p>A 504 is sent once more, twice at most: on a saturated machine (a suite run) node 0's answer to its own forwarded
 * PUT once came after the 1 s it waits. A node whose chain goes round times out on every try.
 */
@Stage(3)
@WithCluster(nodes = 2, proxied = true, jvm = NodeJvm.QUICK_START)
class MisdirectedForwardTest {
    private static final int KEYS = 20;
    private static final Set<Integer> TIMED_OUT = Set.of(504);
    private static final Duration PAUSE = Duration.ofMillis(300);

    @Test
    @Checks("s3-one-hop")
    void aForwardedRequestIsServedWhereItArrivesWhateverThatNodeThinksOfTheOwner(Cluster cluster) {
        long before = cluster.proxy(1).connectionsAccepted();
        cluster.proxy(1).redirect(URI.create(cluster.directUrl(0)).getPort());
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        for (int k = 0; k < KEYS; k++) {
            String key = "misdirected-" + k;
            String value = "v" + k;
            answered(WhileBusy.send(() -> c.put(0, key, value), TIMED_OUT, 3, PAUSE), 201);
        }
        for (int k = 0; k < KEYS; k++) {
            String key = "misdirected-" + k;
            answered(WhileBusy.send(() -> c.get(0, key), TIMED_OUT, 3, PAUSE), 200)
                    .assertBody(200, "v" + k);
        }
        assertTrue(
                cluster.proxy(1).connectionsAccepted() > before,
                "node 0 sent nothing to node 1's URL for " + KEYS + " keys, of which node 1 owns about half");
    }

    private static Reply answered(Reply r, int expected) {
        if (r.status() != expected) {
            fail(r.request() + " through node 0 got " + r.describeAnswer() + ", expected " + expected + ". Node 1's "
                    + "URL leads to node 0 in this test, so node 0 forwards node 1's keys to itself, marked as "
                    + "forwarded: serve a marked request where it arrives, always, even when that node thinks another "
                    + "owns the key; a request forwarded again goes round until a timeout");
        }
        return r;
    }
}
