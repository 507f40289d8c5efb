package course.load;

import java.util.Locale;

/**
 * wrk's number formats (its units.c): a value is divided by the unit's scale while it is at least 85% of the
 * next unit, so 900us prints as 0.90ms and 900 requests as 0.90k. Keeping them exact lets wrk2 readers, and the
 * kit's wrk2 parser, read our output unchanged.
 */
final class WrkUnits {
    private WrkUnits() {}

    // a constant table of unit names; never compared or hashed.
    @SuppressWarnings("ArrayRecordComponent")
    private record Units(double scale, String base, String[] larger) {}

    private static final Units TIME_US = new Units(1000, "us", new String[] {"ms", "s"});
    private static final Units TIME_S = new Units(60, "s", new String[] {"m", "h"});
    private static final Units METRIC = new Units(1000, "", new String[] {"k", "M", "G", "T", "P"});
    private static final Units BINARY = new Units(1024, "", new String[] {"K", "M", "G", "T", "P"});

    private static String format(double n, Units u, int precision) {
        double amount = n;
        String unit = u.base;
        double threshold = u.scale * 0.85;
        // As in units.c, the last unit of the list is never reached: the loop needs a unit after the one it takes.
        for (int i = 0; i + 1 < u.larger.length && amount >= threshold; i++) {
            amount /= u.scale;
            unit = u.larger[i];
        }
        return String.format(Locale.ROOT, "%." + precision + "f%s", amount, unit);
    }

    /** A latency given in microseconds, e.g. {@code 681.00us}, {@code 0.97ms}, {@code 1.20s}, {@code 1.00m}. */
    static String timeUs(double us) {
        if (us >= 1_000_000) {
            return format(us / 1_000_000, TIME_S, 2);
        }
        return format(us, TIME_US, 2);
    }

    static String timeMs(double ms) {
        return timeUs(ms * 1000);
    }

    /** A duration in whole seconds as wrk's header prints it: {@code 30s}, {@code 2m}. */
    static String durationHeader(double seconds) {
        return format(seconds, TIME_S, 0);
    }

    /** The run time of the summary line: {@code 30.00s}, {@code 2.50m}. */
    static String duration(double seconds) {
        return format(seconds, TIME_S, 2);
    }

    static String metric(double n) {
        return format(n, METRIC, 2);
    }

    /** Bytes without the trailing B, e.g. {@code 14.86M}; callers append the B like wrk. */
    static String binary(double n) {
        return format(n, BINARY, 2);
    }
}
