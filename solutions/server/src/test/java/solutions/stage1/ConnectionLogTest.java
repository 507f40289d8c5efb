package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The statement's "log what you refuse, but not once per request under load": at most {@value
 * ConnectionLog#LINES_PER_WINDOW} lines per window, and the first line of the next window says how many were left
 * out. Slow (two windows of {@value ConnectionLog#WINDOW_MILLIS} ms): the window is the reference's real one.
 */
class ConnectionLogTest {
    @Test
    void aFloodOfRefusalsIsCutToTheLimitAndTheNextWindowSaysHowManyWereLeftOut() throws InterruptedException {
        Logger log = Logger.getLogger("solutions.connections"); // held: JUL keeps its loggers weakly
        List<String> lines = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public synchronized void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            Thread.sleep(ConnectionLog.WINDOW_MILLIS + 100); // whatever earlier tests logged is in a past window
            for (int i = 0; i < ConnectionLog.LINES_PER_WINDOW + 5; i++) {
                ConnectionLog.warn("refusal " + i);
            }
            synchronized (capture) {
                assertEquals(ConnectionLog.LINES_PER_WINDOW, lines.size(), "lines logged of a flood: " + lines);
                lines.clear();
            }
            Thread.sleep(ConnectionLog.WINDOW_MILLIS + 100);
            ConnectionLog.warn("after the flood");
            synchronized (capture) {
                assertEquals(1, lines.size(), lines.toString());
                assertTrue(lines.get(0).startsWith("after the flood (5 similar lines left out"), lines.get(0));
            }
        } finally {
            log.removeHandler(capture);
        }
    }
}
