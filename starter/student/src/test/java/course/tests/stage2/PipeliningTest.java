package course.tests.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Pipelining (statement: "Pipelining"): a client that sends many requests on one connection without waiting gets
 * every answer, in order. one-nio's own session queues only 256 and then closes the connection without an answer.
 */
@Stage(2)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class PipeliningTest {
    static final int REQUESTS = 2000;
    static final int KEYS = 10;

    @Test
    @Checks({"s2-pipelining", "s1-pipelined-order"})
    void twoThousandPipelinedRequestsAreAllAnsweredInOrder(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        for (int k = 0; k < KEYS; k++) {
            c.put(0, "p" + k, "v" + k).assertStatus(201);
        }
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < REQUESTS; i++) {
            all.append("GET /v0/entity?id=p").append(i % KEYS).append(" HTTP/1.1\r\nHost: localhost\r\n\r\n");
        }
        byte[] bytes = all.toString().getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = RawHttp.connect(cluster.url(0), 20_000)) {
            // Written from another thread: a node that stops reading while it catches up must not block the reader.
            OutputStream out = socket.getOutputStream();
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                try {
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            InputStream in = socket.getInputStream();
            for (int i = 0; i < REQUESTS; i++) {
                String status = RawHttp.readLine(in);
                if (status == null) {
                    throw new AssertionError(
                            "the node closed the connection after " + i + " of " + REQUESTS + " pipelined answers");
                }
                assertEquals("HTTP/1.1 200 OK", status, "answer " + i);
                String body = RawHttp.answerAfter(status, in).body();
                assertEquals("v" + (i % KEYS), body, "answer " + i + " belongs to request " + i);
            }
            writing.get(20, TimeUnit.SECONDS);
        }
    }
}
