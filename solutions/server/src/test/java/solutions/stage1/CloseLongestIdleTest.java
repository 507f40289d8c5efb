package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import java.net.Socket;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import solutions.stage1.TestHttp.Answer;

/**
 * The room a node makes when it runs out of file descriptors: it closes the connection idle longest, never one with a
 * request in progress, and says false when none is idle. Called here directly; the hidden test that starves a node of
 * descriptors needs a JVM of its own, where PIT cannot mutate.
 */
class CloseLongestIdleTest {
    @Test
    void theConnectionIdleLongestIsClosedFirstAndOneMidRequestNever() throws Exception {
        int port = TestHttp.freePort();
        SyncHttpServer server = new SyncHttpServer(port, Routes.of("/v0/entity", r -> new Response(Response.OK)));
        server.start();
        try (Socket older = connect(port);
                Socket newer = connect(port);
                Socket midRequest = connect(port)) {
            ask(older);
            Thread.sleep(50);
            ask(newer);
            midRequest.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n"));
            midRequest.getOutputStream().flush();
            Thread.sleep(200);

            assertTrue(server.closeLongestIdle(), "two connections are idle: one must go");
            assertEquals(-1, older.getInputStream().read(), "the connection idle longest must be closed");
            assertTrue(server.closeLongestIdle(), "one connection is still idle");
            assertEquals(-1, newer.getInputStream().read(), "the other idle connection goes next");
            assertFalse(server.closeLongestIdle(), "no connection is idle: a request is in progress on the last");

            midRequest.getOutputStream().write(ascii("\r\n"));
            assertEquals(200, Answer.read(midRequest.getInputStream()).status(), "the request in progress is served");
        } finally {
            server.stop();
        }
    }

    private static void ask(Socket s) throws Exception {
        s.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
        assertEquals(200, Answer.read(s.getInputStream()).status());
    }
}
