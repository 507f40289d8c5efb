package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import course.contract.Service;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.stage1.TestHttp.Answer;

/**
 * A stage-1 node's connection timeouts in its own JVM (the public ConnectionTimeoutsTest starts a node JVM of its
 * own, where PIT cannot mutate): headers that trickle in past the header timeout get 408 and the close, a connection
 * idle past the idle timeout is closed, and one that keeps asking is not.
 */
class CourseSessionTimeoutsTest {
    private static final long IDLE_MILLIS = 1500;
    // Longer than the cleanup's period (1 s): a node that times headers out at its first check shows.
    private static final long HEADER_MILLIS = 2500;

    @TempDir
    Path dir;

    private Service node;
    private int port;

    @BeforeEach
    void startNode() throws Exception {
        System.setProperty(Timeouts.IDLE_PROPERTY, String.valueOf(IDLE_MILLIS));
        System.setProperty(Timeouts.HEADER_PROPERTY, String.valueOf(HEADER_MILLIS));
        port = TestHttp.freePort();
        node = TestHttp.startNode(port, dir);
    }

    @AfterEach
    void stopNode() throws Exception {
        System.clearProperty(Timeouts.IDLE_PROPERTY);
        System.clearProperty(Timeouts.HEADER_PROPERTY);
        node.stop();
    }

    @Test
    void headersThatTrickleInPastTheHeaderTimeoutGet408AndTheClose() throws Exception {
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii("GET /v0/entity?id=slow HTTP/1.1\r\nHost: x\r\n"));
            out.flush();
            long start = System.nanoTime();
            s.setSoTimeout(300);
            InputStream in = s.getInputStream();
            int first = -1;
            for (int line = 0; millisSince(start) < 10_000; line++) {
                try {
                    first = in.read();
                    break;
                } catch (SocketTimeoutException stillWaiting) {
                    out.write(ascii("X-Slow-" + line + ": one line every 300 ms\r\n"));
                    out.flush();
                }
            }
            long took = millisSince(start);
            assertTrue(first >= 0, "no answer within 10 s to headers that never end");
            s.setSoTimeout(5_000);
            PushbackInputStream whole = new PushbackInputStream(in);
            whole.unread(first);
            Answer answer = Answer.read(whole);
            assertEquals(408, answer.status(), answer.toString());
            assertTrue(took >= HEADER_MILLIS - 100, "408 after " + took + " ms, before the header timeout");
            assertEquals(-1, in.read(), "the connection must close after the 408");
        }
    }

    @Test
    void aConnectionIdlePastTheIdleTimeoutIsClosedAndOneThatKeepsAskingIsNot() throws Exception {
        try (Socket idle = connect(port);
                Socket busy = connect(port)) {
            long start = System.nanoTime();
            // The busy one asks every 400 ms for 3 s, twice the idle timeout: never idle that long.
            while (millisSince(start) < 2 * IDLE_MILLIS) {
                busy.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
                assertEquals(404, Answer.read(busy.getInputStream()).status());
                Thread.sleep(400);
            }
            idle.setSoTimeout(8_000);
            assertEquals(-1, idle.getInputStream().read(), "the idle connection must be closed");
            long took = millisSince(start);
            assertTrue(took >= IDLE_MILLIS - 100, "closed after " + took + " ms, before the idle timeout");
            busy.getOutputStream().write(ascii("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertEquals(404, Answer.read(busy.getInputStream()).status(), "the busy connection must stay open");
        }
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
