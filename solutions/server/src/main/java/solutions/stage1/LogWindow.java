package solutions.stage1;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * At most {@code lines} lines per window of {@code millis} ms; the first line let through in a later window says how
 * many were left out. The clock is given, so the rule is checked without waiting out real windows.
 */
final class LogWindow {
    private final int lines;
    private final long millis;
    private final LongSupplier clock;
    private final AtomicLong windowStart;
    private final AtomicInteger linesInWindow = new AtomicInteger();
    private final AtomicInteger suppressed = new AtomicInteger();

    LogWindow(int lines, long millis, LongSupplier clock) {
        this.lines = lines;
        this.millis = millis;
        this.clock = clock;
        this.windowStart = new AtomicLong(clock.getAsLong() - millis);
    }

    /** The line to write for {@code message}, or null when this window has had its lines. */
    String admit(String message) {
        long now = clock.getAsLong();
        long start = windowStart.get();
        if (now - start >= millis && windowStart.compareAndSet(start, now)) {
            linesInWindow.set(0);
        }
        if (linesInWindow.incrementAndGet() > lines) {
            suppressed.incrementAndGet();
            return null;
        }
        int left = suppressed.getAndSet(0);
        return left == 0
                ? message
                : message + " (" + left + " similar lines left out in the last " + millis / 1000 + " s)";
    }

    /** Starts a fresh window now: a test that reads one line must not find the window used up by earlier tests. */
    void restart() {
        windowStart.set(clock.getAsLong() - millis);
        linesInWindow.set(0);
    }
}
