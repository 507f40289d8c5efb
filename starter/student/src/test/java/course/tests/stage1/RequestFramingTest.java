package course.tests.stage1;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Stage;
import course.harness.StreamedPut;
import course.harness.WithCluster;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * How a request is framed and what its target may hold (statement: "Requests"): chunked bodies, headers that
 * disagree about the body's length, malformed ids, ids that are not UTF-8, and unknown methods. Sent over plain
 * sockets and java.net.http, as real clients send them.
 */
@Stage(1)
@WithCluster(nodes = 1)
class RequestFramingTest {
    private static final String PUT_K = "PUT /v0/entity?id=k HTTP/1.1\r\nHost: localhost\r\n";

    @Test
    @Checks("s1-chunked")
    void aStreamedBodyFromJavaHttpClientIsStored(Cluster cluster) throws Exception {
        byte[] value = "streamed without a length".getBytes(UTF_8);
        StreamedPut.assertCreated(cluster.url(0), "streamed", value, Duration.ofSeconds(10));
        cluster.client().get(0, "streamed").assertBody(200, value);
    }

    @Test
    @Checks("s1-chunked")
    void aChunkedBodyIsDecodedAndTheConnectionGoesOn(Cluster cluster) throws Exception {
        String chunked = PUT_K + "Transfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n" + "6;note=extension\r\n world\r\n" + "0\r\n\r\n"
                + "GET /v0/entity?id=k HTTP/1.1\r\nHost: localhost\r\n\r\n";
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), chunked, 2);
        assertEquals(2, e.answers().size(), "a PUT with a chunked body, then a GET on the same connection: " + e);
        assertEquals(201, e.answers().get(0).status(), e.toString());
        assertEquals(200, e.answers().get(1).status(), e.toString());
        assertEquals("hello world", e.answers().get(1).body(), "the chunked body, decoded");
        assertFalse(e.closed(), "the connection stays open after a well-formed chunked request");
    }

    @Test
    @Checks("s1-framing-conflict-400")
    void transferEncodingWithContentLengthIs400AndNothingIsStored(Cluster cluster) throws Exception {
        String both = PUT_K + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n" + "5\r\nhello\r\n0\r\n\r\n";
        assertRefusedAndNothingStored(cluster, both, 400);
    }

    @Test
    @Checks("s1-framing-conflict-400")
    void twoDifferentContentLengthsAre400AndNothingIsStored(Cluster cluster) throws Exception {
        String two = PUT_K + "Content-Length: 5\r\nContent-Length: 3\r\n\r\nhello";
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), two, 2);
        assertEquals(400, e.answers().get(0).status(), e.toString());
        assertTrue(e.closed(), "the connection closes after the 400");
        cluster.client().get(0, "k").assertStatus(404);
    }

    @Test
    @Checks("s1-transfer-encoding-501")
    void aTransferEncodingOtherThanChunkedIs501AndNothingIsStored(Cluster cluster) throws Exception {
        // The body is framed as chunked would be, so a node that takes any coding for chunked stores "hello".
        assertRefusedAndNothingStored(
                cluster, PUT_K + "Transfer-Encoding: gzip\r\n\r\n" + "5\r\nhello\r\n0\r\n\r\n", 501);
    }

    @Test
    @Checks("s1-percent-400")
    void malformedPercentEncodingIs400WithAReason(Cluster cluster) throws Exception {
        for (String id : new String[] {"%ZZ", "abc%", "abc%4", "a%G1"}) {
            RawHttp.Answer a = RawHttp.exchange(
                            cluster.url(0), RawHttp.request("GET", "/v0/entity?id=" + id, "\r\n"), 1)
                    .only();
            assertEquals(400, a.status(), "id=" + id + " answered " + a);
            assertFalse(a.body().isBlank(), "a 400 says what was wrong with id=" + id);
            assertFalse(a.body().contains("Exception"), "a reason, not a Java exception: " + a.body());
        }
    }

    @Test
    @Checks("s1-target-byte-400")
    void rawSpaceOrHashInTheTargetIs400(Cluster cluster) throws Exception {
        for (String target : new String[] {"/v0/entity?id=a b", "/v0/entity?id=fk#frag"}) {
            RawHttp.Answer a = RawHttp.exchange(
                            cluster.url(0), RawHttp.request("PUT", target, "Content-Length: 1\r\n\r\nv"), 1)
                    .only();
            assertEquals(400, a.status(), "'" + target + "' answered " + a);
        }
        KvClient c = cluster.client();
        c.get(0, "a").assertStatus(404);
        c.get(0, "fk").assertStatus(404);
        c.get(0, "fk#frag").assertStatus(404);
        // A percent-encoded space is an ordinary key character.
        c.send(0, "PUT", "/v0/entity?id=%20", "space".getBytes(UTF_8)).assertStatus(201);
        c.send(0, "GET", "/v0/entity?id=%20", null).assertBody(200, "space");
    }

    @Test
    @Checks("s1-id-bytes")
    void idsThatAreNotUtf8AreTheirBytes(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "PUT", "/v0/entity?id=%FF", "ff".getBytes(UTF_8)).assertStatus(201);
        c.send(0, "PUT", "/v0/entity?id=%FE", "fe".getBytes(UTF_8)).assertStatus(201);
        c.send(0, "GET", "/v0/entity?id=%FF", null).assertBody(200, "ff");
        c.send(0, "GET", "/v0/entity?id=%FE", null).assertBody(200, "fe");
        // U+FFFD, what a decoder that replaces bad bytes would make of both, is a third key.
        c.send(0, "GET", "/v0/entity?id=%EF%BF%BD", null).assertStatus(404);
    }

    @Test
    @Checks("s1-plus-space")
    void plusIsASpaceAndPercent2BIsAPlus(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "PUT", "/v0/entity?id=a+b", "space".getBytes(UTF_8)).assertStatus(201);
        c.send(0, "GET", "/v0/entity?id=a%20b", null).assertBody(200, "space");
        c.send(0, "GET", "/v0/entity?id=a%2Bb", null).assertStatus(404);
    }

    @Test
    @Checks("s1-expect-100")
    void expectContinueIsAnsweredBeforeTheBody(Cluster cluster) throws Exception {
        URI uri = URI.create(cluster.url(0));
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write((PUT_K + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            // The body is sent only after the interim answer, as curl does for uploads.
            assertEquals("HTTP/1.1 100 Continue", RawHttp.readLine(in), "the interim answer to Expect: 100-continue");
            assertEquals("", RawHttp.readLine(in));
            socket.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
            assertTrue(RawHttp.readLine(in).startsWith("HTTP/1.1 201"), "the PUT's own answer follows");
        }
        cluster.client().get(0, "k").assertBody(200, "hello");
    }

    @Test
    @Checks("s1-method-501")
    void unknownMethodsAre501(Cluster cluster) throws Exception {
        for (String method : new String[] {"FOO", "get"}) {
            RawHttp.Answer a = RawHttp.exchange(cluster.url(0), RawHttp.request(method, "/v0/entity?id=k", "\r\n"), 1)
                    .only();
            assertEquals(501, a.status(), method + " answered " + a);
        }
    }

    /**
     * {@code request}, a PUT of k, is refused with {@code status}, the connection closes after that one answer, and
     * nothing is stored under k.
     */
    private static void assertRefusedAndNothingStored(Cluster cluster, String request, int status) throws Exception {
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), request, 2);
        assertEquals(status, e.answers().get(0).status(), e.toString());
        assertEquals(1, e.answers().size(), "the connection closes after the " + status + ": " + e);
        assertTrue(e.closed(), "the connection closes after the " + status);
        cluster.client().get(0, "k").assertStatus(404);
    }
}
