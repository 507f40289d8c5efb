package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.util.List;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import solutions.stage1.EntityHandler;
import solutions.stage1.Responses;
import solutions.stage1.Routes;
import solutions.stage1.TestHttp;
import solutions.stage2.QueueKind;
import solutions.stage2.WorkerSettings;

/**
 * Other nodes' requests (marked) are served by the peers' own workers and clients' by the clients' workers, and a
 * stopped server ends both. The handler here answers with the name of the thread that ran it: which lane served it.
 */
class PeerLaneHttpServerTest {
    private static final WorkerSettings SETTINGS = new WorkerSettings(2, 8, QueueKind.ARRAY, false, 10_000, 0);

    @Test
    void markedRequestsGoToThePeersWorkersAndTheRestToTheClients() throws IOException {
        int port = TestHttp.freePort();
        PeerLaneHttpServer server = new PeerLaneHttpServer(
                port,
                Routes.of(
                        EntityHandler.PATH,
                        request -> Responses.text(
                                Response.OK, Thread.currentThread().getName())),
                SETTINGS);
        server.start();
        try {
            assertTrue(answer(port, "").startsWith("worker-" + port + "-"), "a client's request");
            assertTrue(
                    answer(port, PeerClient.INTERNAL_HEADER + ": http://localhost:1\r\n")
                            .startsWith("peer-worker-" + port + "-"),
                    "another node's request");
        } finally {
            server.stop();
        }
        assertEquals(List.of(), peerWorkersAlive(port), "the peers' workers outlived the server");
    }

    private static String answer(int port, String headers) throws IOException {
        try (Socket s = TestHttp.connect(port)) {
            s.getOutputStream().write(TestHttp.ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n"));
            TestHttp.Answer a = TestHttp.Answer.read(s.getInputStream());
            assertEquals(200, a.status(), a.body());
            return a.body().strip();
        }
    }

    /** The peer workers of the server on this port still running, after a few seconds to end. */
    private static List<String> peerWorkersAlive(int port) {
        List<String> alive = List.of();
        for (int i = 0; i < 50; i++) {
            alive = Thread.getAllStackTraces().keySet().stream()
                    .map(Thread::getName)
                    .filter(name -> name.startsWith("peer-worker-" + port + "-"))
                    .toList();
            if (alive.isEmpty()) {
                return alive;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return alive;
            }
        }
        return alive;
    }
}
