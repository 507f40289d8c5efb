package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.fail;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.harness.Checks;
import course.harness.Ports;
import course.harness.Stage;
import course.runtime.Submission;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stop() returns while clients still hold connections: one idle after its answer (keep-alive), one in the middle of
 * sending a request. Their requests may fail; stop() must not wait for them to hang up.
 */
@Stage(1)
class StopDoesNotWaitTest {
    private static final int STOP_SECONDS = 5;

    @Test
    @Checks("c-stop-does-not-wait")
    void stopReturnsWhileClientsHoldTheirConnectionsOpen(@TempDir Path dir) throws Exception {
        int port = Ports.free(1).get(0);
        Service node = Submission.current().newFactory().create(ServiceConfig.single(port, dir));
        node.start();
        Future<?> stop = null;
        try (ExecutorService stopper = Executors.newSingleThreadExecutor()) {
            try (Socket idle = new Socket(InetAddress.getLoopbackAddress(), port);
                    Socket halfway = new Socket(InetAddress.getLoopbackAddress(), port)) {
                idle.setSoTimeout(10_000);
                send(idle, "GET /v0/entity?id=idle HTTP/1.1\r\nHost: localhost\r\n\r\n");
                readStatusLine(idle.getInputStream());
                send(
                        halfway,
                        "PUT /v0/entity?id=halfway HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n"
                                + "only ten b");
                Thread.sleep(200); // the node has read what there is
                stop = stopper.submit(() -> {
                    node.stop();
                    return null;
                });
                try {
                    stop.get(STOP_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    fail("stop() had not returned " + STOP_SECONDS + " s after it was called, while one client kept"
                            + " an idle keep-alive connection open and another had sent half a request: stop must not"
                            + " wait for clients (close their connections; requests in flight may fail)");
                }
            } finally {
                if (stop != null) {
                    // The clients have hung up now: a stop that waited for them ends, and the node is stopped.
                    stop.get(30, TimeUnit.SECONDS);
                }
            }
        } finally {
            if (stop == null) {
                node.stop();
            }
        }
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void readStatusLine(InputStream in) throws IOException {
        for (int b; (b = in.read()) != -1 && b != '\n'; ) {
            // the rest of the answer stays unread: the connection is idle from the node's side
        }
    }
}
