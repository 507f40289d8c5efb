package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.StreamedPut;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Chunked request bodies as real clients send them: large, in many chunks, and split anywhere across packets. */
@Stage(1)
// QUICK_START: one body at a time, 1 MiB: memory is LargeValueBurstTest's
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ChunkedBodiesTest {
    @Test
    @Checks({"s1-chunked", "s1-values-bytes"})
    void aOneMebibyteStreamedBodyIsStoredExactly(Cluster cluster, Seed seed) throws Exception {
        byte[] value = new byte[1 << 20];
        new Random(seed.value()).nextBytes(value);
        StreamedPut.assertCreated(cluster.url(0), "big-stream", value, Duration.ofSeconds(20));
        cluster.client().get(0, "big-stream").assertBody(200, value);
    }

    @Test
    @Checks("s1-chunked")
    void aChunkedBodySentOneByteAtATimeIsDecoded(Cluster cluster) throws Exception {
        String request = "PUT /v0/entity?id=trickle HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;a=b\r\nabc\r\n" + "A\r\n0123456789\r\n" + "0\r\n" + "X-Trailer: ignored\r\n\r\n";
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            for (byte b : request.getBytes(StandardCharsets.US_ASCII)) {
                out.write(b);
                out.flush();
                Thread.sleep(1);
            }
            assertEquals("HTTP/1.1 201 Created", RawHttp.readLine(socket.getInputStream()));
        }
        cluster.client().get(0, "trickle").assertBody(200, "abc0123456789");
    }

    @Test
    @Checks("s1-chunk-malformed-400")
    void aMalformedChunkSizeIs400AndNothingIsStored(Cluster cluster) throws Exception {
        String request = "PUT /v0/entity?id=bad-chunk HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "zz\r\nhello\r\n0\r\n\r\n";
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            assertEquals("HTTP/1.1 400 Bad Request", RawHttp.readLine(socket.getInputStream()));
        }
        cluster.client().get(0, "bad-chunk").assertStatus(404);
    }

    @Test
    @Checks("s1-chunk-size-zeros")
    void aChunkSizeWithLeadingZerosIsReadByItsValue(Cluster cluster) throws Exception {
        String request = "PUT /v0/entity?id=zeros HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "000000000a\r\n0123456789\r\n" + "00000000000000000003\r\nabc\r\n" + "0000\r\n\r\n";
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            assertEquals(
                    "HTTP/1.1 201 Created",
                    RawHttp.readLine(socket.getInputStream()),
                    "chunk sizes 000000000a (10) and 00000000000000000003 (3): leading zeros are allowed"
                            + " (RFC 9112 7.1), so a size is its value however many digits it has");
        }
        cluster.client().get(0, "zeros").assertBody(200, "0123456789abc");
    }
}
