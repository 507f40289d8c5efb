package solutions.stage1;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Lines about refused requests and broken connections, on stderr through {@link System.Logger} (java.util.logging
 * prints WARNING to stderr with no setup; one-nio's own SLF4J lines go nowhere, since the course classpath carries
 * slf4j-nop to keep command output clean). Under load the same fault can repeat thousands of times a second, so at
 * most {@value #LINES_PER_WINDOW} lines are written per {@value #WINDOW_MILLIS} ms and the next line says how many
 * were left out.
 */
final class ConnectionLog {
    static final int LINES_PER_WINDOW = 20;
    static final long WINDOW_MILLIS = 10_000;

    private static final System.Logger LOG = System.getLogger("solutions.connections");
    private static final AtomicLong windowStart = new AtomicLong();
    private static final AtomicInteger linesInWindow = new AtomicInteger();
    private static final AtomicInteger suppressed = new AtomicInteger();

    private ConnectionLog() {
    }

    static void warn(String message) {
        long now = System.currentTimeMillis();
        long start = windowStart.get();
        if (now - start >= WINDOW_MILLIS && windowStart.compareAndSet(start, now)) {
            linesInWindow.set(0);
        }
        if (linesInWindow.incrementAndGet() > LINES_PER_WINDOW) {
            suppressed.incrementAndGet();
            return;
        }
        int left = suppressed.getAndSet(0);
        LOG.log(System.Logger.Level.WARNING, left == 0 ? message
                : message + " (" + left + " similar lines left out in the last " + WINDOW_MILLIS / 1000 + " s)");
    }
}
