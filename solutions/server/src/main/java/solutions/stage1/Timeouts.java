package solutions.stage1;

/**
 * How long a connection may hold the node without asking anything of it. A node has a limited number of file
 * descriptors (often 1024): connections that stay open doing nothing, or that send a request's headers a byte every
 * few seconds (slowloris), would otherwise take them all, and new clients could not connect. Checked about once a
 * second, so a timeout fires up to a second late.
 *
 * @param idleMillis   a connection with no request in progress and nothing left to send is closed after this long
 * @param headerMillis a request whose line and headers are not complete this long after its first byte is answered
 *                     408 and its connection closed
 */
public record Timeouts(long idleMillis, long headerMillis) {
    public static final String IDLE_PROPERTY = "course.idleTimeoutMillis";
    public static final String HEADER_PROPERTY = "course.headerTimeoutMillis";
    public static final long DEFAULT_IDLE_MILLIS = 60_000;
    public static final long DEFAULT_HEADER_MILLIS = 10_000;

    public Timeouts {
        if (idleMillis <= 0 || headerMillis <= 0) {
            throw new IllegalArgumentException(
                    "timeouts must be positive, got idle " + idleMillis + " ms and header " + headerMillis + " ms");
        }
    }

    /** The defaults, or what -Dcourse.idleTimeoutMillis and -Dcourse.headerTimeoutMillis say. */
    public static Timeouts fromSystemProperties() {
        return new Timeouts(
                positive(IDLE_PROPERTY, DEFAULT_IDLE_MILLIS), positive(HEADER_PROPERTY, DEFAULT_HEADER_MILLIS));
    }

    private static long positive(String property, long fallback) {
        String set = System.getProperty(property);
        if (set == null || set.isBlank()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(set.strip());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below with the value as given
        }
        throw new IllegalArgumentException("-D" + property + "=" + set + " is not a positive number of milliseconds");
    }
}
