package course.hidden.stage3;

import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Node 1's proxy closes every kept-alive connection when the next request on it arrives, before a byte of the answer:
 * what happens now and then when a pooled connection closes just as it is reused. The owner is up, and a request sent
 * again on a new connection reaches it; PUT and DELETE are idempotent, so a node sends them again before it answers
 * 503 (java.net.http sends only a GET again by itself).
 */
@Stage(3)
@WithCluster(nodes = 2, proxied = true)
class ClosedKeepAliveConnectionTest {
    private static final int KEYS = 20;

    @Test
    @Checks("s3-retry-closed-connection")
    void aRequestWhosePooledConnectionClosesBeforeTheAnswerIsSentAgain(Cluster cluster) {
        cluster.proxy(1).closeReusedConnections();
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        for (int k = 0; k < KEYS; k++) {
            answered(cluster, c.put(0, "reused-" + k, "v" + k), 201);
        }
        for (int k = 0; k < KEYS; k += 2) {
            answered(cluster, c.delete(0, "reused-" + k), 202);
        }
        for (int k = 0; k < KEYS; k++) {
            Reply r = answered(cluster, c.get(0, "reused-" + k), k % 2 == 0 ? 404 : 200);
            if (k % 2 == 1) {
                r.assertBody(200, "v" + k);
            }
        }
        System.out.println("connections to node 1 closed under a request: "
                + cluster.proxy(1).reusedConnectionsClosed());
    }

    private static Reply answered(Cluster cluster, Reply r, int expected) {
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
