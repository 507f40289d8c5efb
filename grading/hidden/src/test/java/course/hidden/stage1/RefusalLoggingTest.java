package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request the node refuses leaves a line in the node's log, so an operator can tell why a client failed. */
@Stage(1)
@WithCluster(nodes = 1, mode = NodeMode.PROCESS, jvm = NodeJvm.QUICK_START)
class RefusalLoggingTest {
    @Test
    @Checks("s1-log-refusals")
    void aRefusedRequestIsLoggedWithItsReason(Cluster cluster) throws Exception {
        try (Socket socket = RawHttp.connect(cluster.url(0), 10_000)) {
            socket.getOutputStream()
                    .write("GET /v0/entity?id=logged%ZZ HTTP/1.1\r\nHost: localhost\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            drain(socket.getInputStream());
        }
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!cluster.logs().contains("%ZZ") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(
                cluster.logs().contains("%ZZ"),
                "the node's log names the refused request's fault; its log:\n" + cluster.logs());
    }

    private static void drain(InputStream in) {
        try {
            in.readNBytes(4096);
        } catch (IOException e) {
            // the node may reset the connection after its answer; the answer itself is another test's concern
        }
    }
}
