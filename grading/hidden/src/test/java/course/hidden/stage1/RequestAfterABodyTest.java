package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A body that arrives in two reads, the second of which also carries the next request: a client that pipelines (or
 * just reuses its connection quickly) does that. The node must finish the body where it ends and answer the request
 * after it, with either framing. (A session that resumes a body and then drops or holds the rest of the read leaves
 * the second request unanswered until more bytes come, or reads past the body's end.)
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class RequestAfterABodyTest {
    private static final String VALUE = "0123456789".repeat(100);

    @Test
    @Checks("s1-pipelined-order")
    void aRequestRightAfterAContentLengthBodyIsAnswered(Cluster cluster) throws Exception {
        String head = "PUT /v0/entity?id=after-length HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + VALUE.length()
                + "\r\n\r\n";
        exchange(cluster, "after-length", head + VALUE.substring(0, 300), VALUE.substring(300));
    }

    @Test
    @Checks({"s1-pipelined-order", "s1-chunked"})
    void aRequestRightAfterAChunkedBodyIsAnswered(Cluster cluster) throws Exception {
        String head =
                "PUT /v0/entity?id=after-chunked HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n";
        String chunks = Integer.toHexString(400) + "\r\n" + VALUE.substring(0, 400) + "\r\n" + Integer.toHexString(600)
                + "\r\n" + VALUE.substring(400) + "\r\n0\r\n\r\n";
        exchange(cluster, "after-chunked", head + chunks.substring(0, 300), chunks.substring(300));
    }

    /** Sends {@code first}, pauses so that the node reads it alone, then the rest of the body and a GET together. */
    private static void exchange(Cluster cluster, String id, String first, String restOfBody) throws Exception {
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            out.write(first.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(300);
            ByteArrayOutputStream second = new ByteArrayOutputStream();
            second.writeBytes(restOfBody.getBytes(StandardCharsets.US_ASCII));
            second.writeBytes(("GET /v0/entity?id=" + id + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(second.toByteArray());
            out.flush();
            InputStream in = socket.getInputStream();
            RawHttp.Answer put = answer(in, "the PUT");
            assertEquals(201, put.status(), "the PUT whose body came in two reads: " + put.body());
            RawHttp.Answer get = answer(in, "the GET sent in the same read as the end of the PUT's body");
            assertEquals(200, get.status(), "the GET sent right after the body: " + get.body());
            assertEquals(VALUE, get.body(), "the value stored from a body that came in two reads");
        }
    }

    private static RawHttp.Answer answer(InputStream in, String what) throws Exception {
        String status = RawHttp.readLine(in);
        assertNotNull(status, "the node closed the connection instead of answering " + what);
        return RawHttp.answerAfter(status, in);
    }
}
