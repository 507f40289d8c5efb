package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.ServiceConfig;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.stage1.TestHttp;

/**
 * Another node's replica request that a coordinator would never send (no key, a write without its timestamp) gets a
 * 400 that says what was missing, not a server error: a node of another version, or a mistaken tool, must see why.
 */
class ReplicaEndpointTest {
    private static final String SECRET = "a-secret-of-this-test-0123456789";

    @TempDir
    Path dir;

    @Test
    void aReplicaRequestWithoutAKeyOrATimestampIsABadRequestThatSaysWhy() throws IOException {
        int port = TestHttp.freePort();
        String url = "http://localhost:" + port;
        Stage4Node node = new Stage4Node(new ServiceConfig(port, url, List.of(url), dir, SECRET));
        node.start();
        try {
            TestHttp.Answer noKey = internal(port, "GET /v0/entity?id= HTTP/1.1\r\n");
            assertEquals(400, noKey.status(), noKey.head());
            assertTrue(noKey.body().contains("id"), noKey.body());
            TestHttp.Answer noTimestamp = internal(port, "PUT /v0/entity?id=k HTTP/1.1\r\nContent-Length: 1\r\n", "v");
            assertEquals(400, noTimestamp.status(), noTimestamp.head());
            assertTrue(noTimestamp.body().contains(ReplicaEndpoint.TIMESTAMP_HEADER), noTimestamp.body());
        } finally {
            node.stop();
        }
    }

    private static TestHttp.Answer internal(int port, String requestLineAndHeaders) throws IOException {
        return internal(port, requestLineAndHeaders, "");
    }

    private static TestHttp.Answer internal(int port, String requestLineAndHeaders, String body) throws IOException {
        try (Socket s = TestHttp.connect(port)) {
            s.getOutputStream()
                    .write(TestHttp.ascii(requestLineAndHeaders + "Host: x\r\nX-Course-Internal: x\r\n"
                            + "X-Course-Cluster-Secret: " + SECRET + "\r\n\r\n" + body));
            return TestHttp.Answer.read(s.getInputStream());
        }
    }
}
