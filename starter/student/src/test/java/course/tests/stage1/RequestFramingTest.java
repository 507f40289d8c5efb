package course.tests.stage1;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.StreamedPut;
import course.harness.WithCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * How a request is framed and what its target may hold (statement: "Requests"): chunked bodies, headers that
 * disagree about the body's length, malformed ids, ids that are not UTF-8, and unknown methods. Sent over plain
 * sockets and java.net.http, as real clients send them. The tests share one node ({@link WithCluster#perClass()}: with
 * a node each, the class took 14.2 s of a stage-6 grade, 7.4 s shared), so each writes and reads a key of its own,
 * named after it.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START, perClass = true)
class RequestFramingTest {
    /** This test's key: no other test of the class writes it, so "nothing is stored" is this test's finding. */
    private String k;
    /** A PUT of {@link #k}'s request line and Host header. */
    private String putK;

    @BeforeEach
    void aKeyOfItsOwn(TestInfo test) {
        k = test.getTestMethod().orElseThrow().getName();
        putK = "PUT /v0/entity?id=" + k + " HTTP/1.1\r\nHost: localhost\r\n";
    }

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
        String chunked = putK + "Transfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n" + "6;note=extension\r\n world\r\n" + "0\r\n\r\n"
                + "GET /v0/entity?id=" + k + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
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
        String both = putK + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n" + "5\r\nhello\r\n0\r\n\r\n";
        assertRefusedAndNothingStored(cluster, both, 400);
    }

    @Test
    @Checks("s1-framing-conflict-400")
    void twoDifferentContentLengthsAre400AndNothingIsStored(Cluster cluster) throws Exception {
        String two = putK + "Content-Length: 5\r\nContent-Length: 3\r\n\r\nhello";
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), two, 2);
        assertEquals(400, e.answers().get(0).status(), e.toString());
        assertTrue(e.closed(), "the connection closes after the 400");
        cluster.client().get(0, k).assertStatus(404);
    }

    @Test
    @Checks("s1-transfer-encoding-501")
    void aTransferEncodingOtherThanChunkedIs501AndNothingIsStored(Cluster cluster) throws Exception {
        // The body is framed as chunked would be, so a node that takes any coding for chunked stores "hello".
        assertRefusedAndNothingStored(
                cluster, putK + "Transfer-Encoding: gzip\r\n\r\n" + "5\r\nhello\r\n0\r\n\r\n", 501);
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
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.getOutputStream()
                    .write((putK + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            // The body is sent only after the interim answer, as curl does for uploads.
            assertEquals("HTTP/1.1 100 Continue", RawHttp.readLine(in), "the interim answer to Expect: 100-continue");
            assertEquals("", RawHttp.readLine(in));
            socket.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
            assertTrue(RawHttp.readLine(in).startsWith("HTTP/1.1 201"), "the PUT's own answer follows");
        }
        cluster.client().get(0, k).assertBody(200, "hello");
    }

    @Test
    @Checks("s1-too-long-414")
    void linesOverTheLimitAre414And431AndLinesUpTo2KiBAreServed(Cluster cluster) throws Exception {
        // Up to 2 KiB a line is served, however it arrives: here in two parts, the second a moment after the first.
        String id = "a".repeat(1900);
        String longTarget = "GET /v0/entity?id=" + id + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
        assertEquals(404, inTwoParts(cluster, longTarget).status(), "a request line of 1.9 KiB must be served");
        String longHeader = "GET /v0/entity?id=" + k + " HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + id + "\r\n\r\n";
        assertEquals(404, inTwoParts(cluster, longHeader).status(), "a header line of 1.9 KiB must be served");
        // Over 64 KiB a line is refused, whatever the node's limit: a client that sends it must learn why.
        String huge = "a".repeat(100 << 10);
        RawHttp.Answer line = RawHttp.answerToRefused(
                cluster.url(0), ("GET /v0/entity?id=" + huge + " HTTP/1.1\r\n").getBytes(StandardCharsets.US_ASCII));
        assertTrue(line != null && line.status() == 414, "a request line of 100 KiB: expected 414, got " + line);
        RawHttp.Answer header = RawHttp.answerToRefused(
                cluster.url(0),
                ("GET /v0/entity?id=" + k + " HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + huge + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        assertTrue(header != null && header.status() == 431, "a header line of 100 KiB: expected 431, got " + header);
        cluster.client().get(0, k).assertStatus(404); // and the node goes on
    }

    /** Sends {@code request} as two writes, the second 200 ms after the first, and reads the one answer. */
    private static RawHttp.Answer inTwoParts(Cluster cluster, String request) throws Exception {
        byte[] bytes = request.getBytes(StandardCharsets.US_ASCII);
        int half = bytes.length / 2;
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.setTcpNoDelay(true);
            socket.getOutputStream().write(bytes, 0, half);
            socket.getOutputStream().flush();
            Thread.sleep(200);
            socket.getOutputStream().write(bytes, half, bytes.length - half);
            socket.getOutputStream().flush();
            String status = RawHttp.readLine(socket.getInputStream());
            assertTrue(status != null, "the node closed the connection without answering " + request.substring(0, 40));
            return RawHttp.answerAfter(status, socket.getInputStream());
        }
    }

    @Test
    @Checks("s1-method-501")
    void unknownMethodsAre501(Cluster cluster) throws Exception {
        for (String method : new String[] {"FOO", "get"}) {
            RawHttp.Answer a = RawHttp.exchange(
                            cluster.url(0), RawHttp.request(method, "/v0/entity?id=" + k, "\r\n"), 1)
                    .only();
            assertEquals(501, a.status(), method + " answered " + a);
        }
    }

    @Test
    @Checks("s1-too-large-413")
    void aClientThatSendsATooLargeBodyWholeThenReadsGetsThe413(Cluster cluster) throws Exception {
        int size = 17 << 20; // past the reference's 16 MiB
        try (Socket socket = RawHttp.connect(cluster.url(0), 30_000)) {
            OutputStream out = socket.getOutputStream();
            byte[] block = new byte[64 << 10];
            try {
                out.write((putK + "Content-Length: " + size + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                for (int sent = 0; sent < size; sent += block.length) {
                    out.write(block);
                }
                out.flush();
            } catch (IOException e) {
                fail("the node closed the connection while the client was still sending its " + size + "-byte body ("
                        + e + "): after the 413, read and drop the rest of the body before closing, or the client"
                        + " gets a reset instead of the answer (RFC 9112 9.6)");
            }
            RawHttp.Answer a;
            try {
                InputStream in = socket.getInputStream();
                a = RawHttp.answerAfter(RawHttp.readLine(in), in);
            } catch (IOException | RuntimeException e) {
                throw new AssertionError(
                        "no answer could be read after a " + size + "-byte body sent whole (" + e + "): the node must"
                                + " not close before the client has sent its body, or the answer is lost to a reset",
                        e);
            }
            if (a.status() == 201) {
                return; // a node that takes values this large: nothing to refuse
            }
            assertEquals(413, a.status(), "a " + size + "-byte body: " + a);
            assertFalse(a.body().isBlank(), "the 413 says why");
        }
        cluster.client().get(0, k).assertStatus(404);
    }

    @Test
    @Checks("s1-host-400")
    void anHttp11RequestWithoutHostOrWithTwoIs400(Cluster cluster) throws Exception {
        String[] bad = {
            "GET /v0/entity?id=" + k + " HTTP/1.1\r\n\r\n",
            "GET /v0/entity?id=" + k + " HTTP/1.1\r\nHost: localhost\r\nHost: elsewhere\r\n\r\n",
            "PUT /v0/entity?id=" + k + " HTTP/1.0\r\nHost: a\r\nhost: b\r\nContent-Length: 1\r\n\r\nv"
        };
        for (String request : bad) {
            RawHttp.Answer a = RawHttp.exchange(cluster.url(0), request, 1).only();
            assertEquals(400, a.status(), request.strip() + " answered " + a);
            assertFalse(a.body().isBlank(), "the 400 says what is wrong with the Host header");
        }
        cluster.client().get(0, k).assertStatus(404);
        // Host is required of HTTP/1.1 only (RFC 9112 3.2): an HTTP/1.0 client may leave it out.
        RawHttp.Answer old = RawHttp.exchange(cluster.url(0), "GET /v0/entity?id=" + k + " HTTP/1.0\r\n\r\n", 1)
                .only();
        assertEquals(404, old.status(), "an HTTP/1.0 GET without Host is served: " + old);
    }

    @Test
    @Checks("s1-http-version")
    void aLaterMinorVersionIsServedAsHttp11AndAnotherMajorIs505(Cluster cluster) throws Exception {
        String requests = "PUT /v0/entity?id=" + k + " HTTP/1.2\r\nHost: localhost\r\nContent-Length: 1\r\n\r\nv"
                + "GET /v0/entity?id=" + k + " HTTP/1.2\r\nHost: localhost\r\n\r\n";
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), requests, 2);
        assertEquals(2, e.answers().size(), "a PUT and a GET of HTTP/1.2 on one connection: " + e);
        assertEquals(201, e.answers().get(0).status(), "HTTP/1.2 is served as HTTP/1.1 (RFC 9110 2.5): " + e);
        assertEquals(200, e.answers().get(1).status(), e.toString());
        assertEquals("v", e.answers().get(1).body(), e.toString());
        assertFalse(e.closed(), "as with HTTP/1.1, the connection stays open: " + e);
        for (String version : new String[] {"HTTP/2.0", "HTTP/3"}) {
            RawHttp.Answer a = RawHttp.exchange(
                            cluster.url(0), "GET /v0/entity?id=" + k + " " + version + "\r\nHost: localhost\r\n\r\n", 1)
                    .only();
            assertEquals(505, a.status(), version + " in an HTTP/1 request line answered " + a);
        }
    }

    /**
     * {@code request}, a PUT of this test's key, is refused with {@code status}, the connection closes after that one answer, and
     * nothing is stored under k.
     */
    private void assertRefusedAndNothingStored(Cluster cluster, String request, int status) throws Exception {
        RawHttp.Exchange e = RawHttp.exchange(cluster.url(0), request, 2);
        assertEquals(status, e.answers().get(0).status(), e.toString());
        assertEquals(1, e.answers().size(), "the connection closes after the " + status + ": " + e);
        assertTrue(e.closed(), "the connection closes after the " + status);
        cluster.client().get(0, k).assertStatus(404);
    }
}
