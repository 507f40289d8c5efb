package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import org.junit.jupiter.api.Test;

/**
 * Requests that share a connection (statement: "Requests", RFC 9112 9.3.2 and 9.6): answers leave in the order of
 * the requests, also when the node refuses one itself; and a request that ends the connection is the last one
 * handled on it. From stage 2 on, answers come from workers while the selector reads on, which is where both break:
 * a refusal written at once overtakes the answer a worker is still computing, and a request read behind a
 * {@code Connection: close} is handed to a worker anyway.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class AnswerOrderTest {
    /** Each case is sent several times: the mistakes here are races that one try can miss. */
    private static final int ROUNDS = 5;
    /** Requests the session refuses: a malformed %-escape (400) and an unknown method (501). */
    private static final String[] REFUSED = {
        "GET /v0/entity?id=%ZZ HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "FOO /v0/entity?id=x HTTP/1.1\r\nHost: localhost\r\n\r\n"
    };
    /** Requests after which the connection ends: one that says Connection: close, and an HTTP/1.0 one. */
    private static final String[] CLOSING = {
        "GET /v0/entity?id=k HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        "GET /v0/entity?id=k HTTP/1.0\r\nHost: localhost\r\n\r\n"
    };

    @Test
    @Checks({"s1-pipelined-order", "s2-refusal-waits"})
    void aRefusedRequestIsAnsweredAfterTheAnswerToTheRequestBeforeIt(Cluster cluster) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            for (String bad : REFUSED) {
                String key = "before-refusal-" + round + "-" + bad.charAt(0);
                String value = "value-" + round;
                String put = "PUT /v0/entity?id=" + key + " HTTP/1.1\r\nHost: localhost\r\nContent-Length: "
                        + value.length() + "\r\n\r\n" + value;
                RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), put + bad, 2);
                String what = "a PUT, then on the same connection "
                        + bad.substring(0, bad.indexOf(' ', 4)).strip()
                        + ": answers must come in the order of the requests, the PUT's first: " + e;
                assertEquals(2, e.answers().size(), what);
                assertEquals(201, e.answers().get(0).status(), what);
                int refusal = e.answers().get(1).status();
                assertTrue(refusal == 400 || refusal == 501, what);
                assertTrue(e.closed(), "the connection closes after the refusal: " + e);
                cluster.client().get(0, key).assertBody(200, value);
            }
        }
    }

    @Test
    @Checks({"s1-connection-close", "s2-close-nothing-after"})
    void nothingAfterARequestThatEndsTheConnectionIsHandled(Cluster cluster) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            for (String first : CLOSING) {
                String key = "after-close-" + round + "-" + (first.contains("1.0") ? "http10" : "close");
                String put = "PUT /v0/entity?id=" + key + " HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\n\r\nv";
                RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), first + put, 2);
                String what = (first.contains("1.0") ? "an HTTP/1.0 GET" : "a GET with Connection: close")
                        + ", then a PUT on the same connection: the GET is answered, the connection closes, and the"
                        + " PUT is never handled (RFC 9112 9.6): " + e;
                assertEquals(1, e.answers().size(), what);
                assertEquals(404, e.answers().get(0).status(), what);
                assertTrue(e.closed(), what);
                cluster.client().get(0, key).assertStatus(404);
            }
        }
    }
}
