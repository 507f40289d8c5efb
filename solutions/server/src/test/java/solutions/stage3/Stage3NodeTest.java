package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.ServiceConfig;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.stage1.TestHttp;

/** A stopped node closes its client for the other nodes: its threads and connections end with the node. */
class Stage3NodeTest {
    @TempDir
    Path dir;

    @Test
    void aStoppedNodesPeerClientSendsNothingMore() throws IOException {
        int port = TestHttp.freePort();
        AtomicReference<PeerClient> opened = new AtomicReference<>();
        Stage3Node node = new Stage3Node(ServiceConfig.single(port, dir)) {
            @Override
            protected PeerClient createPeers(String self, String secret, Duration timeout) {
                // 10 s, not the node's 1 s: the point is what the client does after the stop, and its first request
                // in a cold test JVM on a saturated machine (a suite run) once took longer than 1 s and got a 504.
                opened.set(super.createPeers(self, secret, Duration.ofSeconds(10)));
                return opened.get();
            }
        };
        node.start();
        String self = "http://localhost:" + port;
        try {
            Response up = opened.get()
                    .send(self, "GET", "/v0/entity?id=k", null, Map.of())
                    .join();
            assertEquals(404, up.getStatus(), "the node's own client reaches it while it runs");
        } finally {
            node.stop();
        }
        try (var other = new java.net.ServerSocket(0)) {
            Response after = opened.get()
                    .send("http://localhost:" + other.getLocalPort(), "GET", "/v0/entity?id=k", null, Map.of())
                    .join();
            String body = new String(after.getBody(), StandardCharsets.UTF_8);
            assertEquals(503, after.getStatus(), body);
            assertTrue(body.contains("closed"), "the stopped node's client still sends: " + body);
        }
    }

    @Test
    void aRequestMarkedAsAnotherNodesIsServedOnlyWithTheClustersSecret() throws IOException {
        int port = TestHttp.freePort();
        String url = "http://localhost:" + port;
        String secret = "a-secret-of-this-test-0123456789";
        Stage3Node node = new Stage3Node(new ServiceConfig(port, url, List.of(url), dir, secret));
        node.start();
        try {
            assertEquals(404, get(port, ""), "a client's request");
            assertEquals(404, get(port, "X-Course-Internal: x\r\nX-Course-Cluster-Secret: " + secret + "\r\n"));
            assertEquals(403, get(port, "X-Course-Internal: x\r\n"), "marked, without the secret");
            assertEquals(
                    403, get(port, "X-Course-Internal: x\r\nX-Course-Cluster-Secret: guess\r\n"), "a wrong secret");
        } finally {
            node.stop();
        }
    }

    private static int get(int port, String headers) throws IOException {
        try (Socket s = TestHttp.connect(port)) {
            s.getOutputStream().write(TestHttp.ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n"));
            return TestHttp.Answer.read(s.getInputStream()).status();
        }
    }
}
