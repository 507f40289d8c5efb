package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.WhileBusy;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Node 1's proxy closes every kept-alive connection when the next request on it arrives, before a byte of the answer:
 * what happens now and then when a pooled connection closes just as it is reused. The owner is up, and a request sent
 * again on a new connection reaches it; PUT and DELETE are idempotent, so a node sends them again before it answers
 * 503 (java.net.http sends only a GET again by itself).
 */
@Stage(3)
@WithCluster(nodes = 2, proxied = true, jvm = NodeJvm.QUICK_START)
class ClosedKeepAliveConnectionTest {
    private static final int KEYS = 20;

    @Test
    @Checks("s3-retry-closed-connection")
    void aRequestWhosePooledConnectionClosesBeforeTheAnswerIsSentAgain(Cluster cluster) {
        cluster.proxy(1).closeReusedConnections();
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        for (int k = 0; k < KEYS; k++) {
            String key = "reused-" + k;
            String value = "v" + k;
            answered(cluster, () -> c.put(0, key, value), 201);
        }
        for (int k = 0; k < KEYS; k += 2) {
            String key = "reused-" + k;
            answered(cluster, () -> c.delete(0, key), 202);
        }
        for (int k = 0; k < KEYS; k++) {
            String key = "reused-" + k;
            Reply r = answered(cluster, () -> c.get(0, key), k % 2 == 0 ? 404 : 200);
            if (k % 2 == 1) {
                r.assertBody(200, "v" + k);
            }
        }
        System.out.println("connections to node 1 closed under a request: "
                + cluster.proxy(1).reusedConnectionsClosed());
    }

    /**
     * The answer to {@code request}, sent again while it is 504: on a saturated machine the owner was seen to answer a
     * first PUT later than node 0 waits (1 s) before the proxy had closed a single connection. A node that does not
     * send a request again on a new connection answers 503, which is not retried here.
     */
    private static Reply answered(Cluster cluster, Supplier<Reply> request, int expected) {
        Reply r = WhileBusy.send(request, Set.of(504), 3, Duration.ofMillis(200));
        if (r.status() != expected) {
            fail(r.request() + " through node 0 got " + r.describeAnswer() + ", expected " + expected + ". Node 1 "
                    + "was up; its proxy closed " + cluster.proxy(1).reusedConnectionsClosed() + " kept-alive "
                    + "connections as a request arrived on them, before a byte of the answer (java.net.http: "
                    + "\"HTTP/1.1 header parser received no bytes\"): send such a request once more, on a new "
                    + "connection, before answering 503");
        }
        return r;
    }
}
