package course.wrk2;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Converts the times wrk2 prints ("850.00us", "2.50ms", "1.02s", "1.50m", "1h") into milliseconds or seconds.
 * Arithmetic is decimal, so "1.23us" becomes exactly the double nearest to 0.00123, as if "0.00123" had been typed.
 */
final class Units {
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)?");

    private Units() {}

    /** A latency as wrk2 prints it, in milliseconds; a bare number is taken as milliseconds (the spectrum's unit). */
    static double millis(String text) {
        return toMillis(text, "ms").doubleValue();
    }

    /** A duration as wrk2 takes or prints it ("30", "30s", "2m", "1.67m"), in seconds; a bare number is seconds. */
    static double seconds(String text) {
        return toMillis(text, "s").movePointLeft(3).doubleValue();
    }

    /** True when {@code text} is a number with an optional time unit. */
    static boolean isTime(String text) {
        return TIME.matcher(text).matches();
    }

    private static BigDecimal toMillis(String text, String bareUnit) {
        Matcher m = TIME.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a time like 850.00us, 2.50ms, 1.02s, 1.50m or 1h");
        }
        BigDecimal value = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? bareUnit : m.group(2);
        return switch (unit) {
            case "us" -> value.movePointLeft(3);
            case "ms" -> value;
            case "s" -> value.movePointRight(3);
            case "m" -> value.multiply(BigDecimal.valueOf(60_000));
            case "h" -> value.multiply(BigDecimal.valueOf(3_600_000));
            default -> throw new AssertionError(unit);
        };
    }
}
