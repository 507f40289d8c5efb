package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import java.io.IOException;
import java.net.Socket;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import solutions.stage1.TestHttp.Answer;

/** A handler that throws: the client gets 500 with the reason, and the same connection goes on being served. */
class HandlerFailureTest {
    @Test
    void aThrowingHandlerIs500WithItsReasonAndTheConnectionGoesOn() throws Exception {
        int port = TestHttp.freePort();
        SyncHttpServer server = new SyncHttpServer(port, Routes.of("/v0/entity", r -> {
            if ("boom".equals(r.getParameter("id="))) {
                throw new IOException("the disk said no");
            }
            return new Response(Response.OK);
        }));
        server.start();
        try (ConnectionLines log = new ConnectionLines();
                Socket s = connect(port)) {
            s.getOutputStream().write(ascii("GET /v0/entity?id=boom HTTP/1.1\r\nHost: x\r\n\r\n"));
            Answer failed = Answer.read(s.getInputStream());
            assertEquals(500, failed.status(), failed.toString());
            assertTrue(failed.body().contains("IOException: the disk said no"), failed.body());
            assertTrue(
                    log.lines().stream().anyMatch(l -> l.contains("answered 500") && l.contains("the disk said no")),
                    "the node's log says which request failed and why: " + log.lines());
            s.getOutputStream().write(ascii("GET /v0/entity?id=fine HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertEquals(200, Answer.read(s.getInputStream()).status(), "the connection must go on after a 500");
        } finally {
            server.stop();
        }
    }
}
