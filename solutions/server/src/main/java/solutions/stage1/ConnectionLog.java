package solutions.stage1;

import java.time.ZoneId;

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
    /** The zone of the lines' time, loaded with this class: {@link #ready}. */
    static final ZoneId ZONE = ZoneId.systemDefault();

    static final LogWindow WINDOW = new LogWindow(LINES_PER_WINDOW, WINDOW_MILLIS, System::currentTimeMillis);

    private ConnectionLog() {}

    /**
     * Sets up now what the first line would otherwise set up by reading a file (java.util.logging its configuration,
     * the line's time the JDK's time-zone data): a line written while the process is out of file descriptors must not
     * need one.
     */
    static void ready() {
        LOG.isLoggable(System.Logger.Level.WARNING);
    }

    /** A line that is rare by construction (once per episode of a shortage): written whatever the window says. */
    static void episode(String message) {
        LOG.log(System.Logger.Level.WARNING, message);
    }

    static void warn(String message) {
        String line = WINDOW.admit(message);
        if (line != null) {
            LOG.log(System.Logger.Level.WARNING, line);
        }
    }
}
