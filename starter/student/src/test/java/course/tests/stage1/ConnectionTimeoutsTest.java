package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ConfiguredCluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Connections that hold the node without asking anything of it (statement: "Connections"): one that idles past
 * {@code course.idleTimeoutMillis} is closed, and a request whose line and headers are not complete within
 * {@code course.headerTimeoutMillis} of its first byte is answered 408 and its connection closed, however steadily
 * its bytes trickle in (slowloris). A node reads both settings when it starts; here they are 1.5 s and 1 s, so a
 * timeout checked once a second fires within about 3 s.
 */
@Stage(1)
class ConnectionTimeoutsTest {
    private static final long CLOSED_WITHIN_MILLIS = 8_000;

    private static Cluster started() throws IOException {
        return ConfiguredCluster.started(
                1, Map.of("course.idleTimeoutMillis", "1500", "course.headerTimeoutMillis", "1000"), NodeJvm.AS_RUN);
    }

    @Test
    @Checks({"s1-header-timeout-408", "s1-timeouts-every-start"})
    void headersThatTrickleInPastTheHeaderTimeoutGet408AndTheConnectionCloses() throws Exception {
        try (Cluster cluster = started();
                Socket socket = connect(cluster)) {
            OutputStream out = socket.getOutputStream();
            out.write(ascii("GET /v0/entity?id=slow HTTP/1.1\r\nHost: localhost\r\n"));
            out.flush();
            long start = System.nanoTime();
            InputStream in = socket.getInputStream();
            socket.setSoTimeout(300);
            String status = null;
            for (int line = 0; status == null && millisSince(start) < CLOSED_WITHIN_MILLIS; line++) {
                try {
                    status = RawHttp.readLine(in);
                    break;
                } catch (SocketTimeoutException stillWaiting) {
                    trickle(out, "X-Slow-" + line + ": a header line every 300 ms\r\n");
                }
            }
            assertTrue(
                    status != null && status.startsWith("HTTP/1.1 408"),
                    "a request whose headers were still"
                            + " arriving " + millisSince(start)
                            + " ms after its first byte, past a header timeout of 1 s,"
                            + " must be answered 408 Request Timeout; got " + status);
            socket.setSoTimeout((int) CLOSED_WITHIN_MILLIS);
            assertTrue(closedAfterAnswer(in), "the connection closes after the 408");
        }
    }

    @Test
    @Checks({"s1-idle-timeout", "s1-timeouts-every-start"})
    void anIdleConnectionIsClosedAndABusyOneIsNot() throws Exception {
        try (Cluster cluster = started();
                Socket idle = connect(cluster);
                Socket busy = connect(cluster)) {
            idle.getOutputStream().write(ascii("GET /v0/entity?id=a HTTP/1.1\r\nHost: localhost\r\n\r\n"));
            assertEquals("HTTP/1.1 404 Not Found", RawHttp.readLine(idle.getInputStream()));
            long start = System.nanoTime();
            int found = 0;
            for (int i = 0; i < 8; i++) { // 4 s of one request every 500 ms: never idle for 1.5 s
                busy.getOutputStream().write(ascii("GET /v0/entity?id=b HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                RawHttp.Answer answer =
                        RawHttp.answerAfter(RawHttp.readLine(busy.getInputStream()), busy.getInputStream());
                // A node short of CPU may refuse a request (503: no worker in time); the connection stays open all
                // the same, which is what this test is about.
                assertTrue(
                        answer.status() == 404 || answer.status() == 503,
                        "the busy connection is answered " + i + " times, then " + answer.status());
                found += answer.status() == 404 ? 1 : 0;
                Thread.sleep(500);
            }
            assertTrue(found > 0, "the node refused (503) all 8 requests of the busy connection");
            idle.setSoTimeout((int) CLOSED_WITHIN_MILLIS);
            assertTrue(
                    closedAfterAnswer(idle.getInputStream()),
                    "a connection idle for " + millisSince(start)
                            + " ms, past an idle timeout of 1.5 s, must be closed by the node");
        }
    }

    @Test
    @Checks("s1-timeouts-every-start")
    void aNodeStartedAgainRunsWithTheTimeoutsOfItsNewStart() throws Exception {
        try (Cluster cluster = started()) {
            cluster.restart(0); // the test has put the properties back: this start has the defaults (60 s, 10 s)
            try (Socket quiet = connect(cluster)) {
                quiet.getOutputStream().write(ascii("GET /v0/entity?id=a HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                assertEquals("HTTP/1.1 404 Not Found", RawHttp.readLine(quiet.getInputStream()));
                RawHttp.answerAfter("HTTP/1.1 404 Not Found", quiet.getInputStream());
                Thread.sleep(4_000); // past the first start's 1.5 s and the second it may take to be seen
                String status;
                try {
                    quiet.getOutputStream().write(ascii("GET /v0/entity?id=a HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                    status = RawHttp.readLine(quiet.getInputStream());
                } catch (IOException closed) {
                    status = "the connection closed (" + closed + ")";
                }
                assertEquals(
                        "HTTP/1.1 404 Not Found",
                        status,
                        "started again without -Dcourse.idleTimeoutMillis,"
                                + " the node closed a connection idle for 4 s, as its first start's 1.5 s said: read the"
                                + " timeouts at every start() (not once per JVM in a static initializer, nor once per node"
                                + " when it is created); the default idle timeout is 60 s");
            }
        }
    }

    private static Socket connect(Cluster cluster) throws IOException {
        URI node = URI.create(cluster.url(0));
        Socket socket = new Socket(node.getHost(), node.getPort());
        socket.setSoTimeout((int) CLOSED_WITHIN_MILLIS);
        return socket;
    }

    /** True when the stream ends (or is reset) after what is left of an answer. */
    private static boolean closedAfterAnswer(InputStream in) throws IOException {
        try {
            while (in.read() >= 0) {
                // the rest of the answer
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        }
    }

    private static void trickle(OutputStream out, String line) {
        try {
            out.write(ascii(line));
            out.flush();
        } catch (IOException closedMeanwhile) {
            // the node may close while the answer is on its way; reading it decides
        }
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
