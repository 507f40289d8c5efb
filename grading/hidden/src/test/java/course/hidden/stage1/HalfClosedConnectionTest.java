package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A client that sends its requests and then closes its side of the connection (what {@code nc -N}, many scripts and
 * HTTP/1.0-style clients do) still gets every answer, and then the node closes the connection: a node that ignores
 * the end of the stream keeps the socket open forever (and its selector may spin on it).
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class HalfClosedConnectionTest {
    @Test
    @Checks("s1-half-close")
    void requestsSentBeforeTheClientClosedItsSideAreAnsweredThenTheConnectionCloses(Cluster cluster) throws Exception {
        cluster.client().put(0, "half", "closed").assertStatus(201);
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            String get = "GET /v0/entity?id=half HTTP/1.1\r\nHost: localhost\r\n\r\n";
            socket.getOutputStream().write((get + get).getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 2; i++) {
                String status = RawHttp.readLine(in);
                assertNotNull(status, "the node closed the connection before answering request " + (i + 1) + " of 2");
                RawHttp.Answer answer = RawHttp.answerAfter(status, in);
                assertEquals(200, answer.status(), "request " + (i + 1));
                assertEquals("closed", answer.body(), "request " + (i + 1));
            }
            try {
                assertEquals(-1, in.read(), "after its answers the node must close the connection, not send more");
            } catch (SocketTimeoutException e) {
                throw new AssertionError(
                        "the client closed its side after two requests; the node answered them but"
                                + " kept the connection open for 10 s: close it once the answers are sent",
                        e);
            }
        }
    }
}
