package solutions.stage1;

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
    static final LogWindow WINDOW = new LogWindow(LINES_PER_WINDOW, WINDOW_MILLIS, System::currentTimeMillis);

    private ConnectionLog() {}

    static void warn(String message) {
        String line = WINDOW.admit(message);
        if (line != null) {
            LOG.log(System.Logger.Level.WARNING, line);
        }
    }
}
