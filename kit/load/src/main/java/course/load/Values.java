package course.load;

import course.command.ValueException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Parses option values in wrk's notation (durations like 30s or 2m, counts like 20k) with clear errors: each refusal
 * is a {@link ValueException} saying what was wrong with the value; the command line names the option in front.
 */
final class Values {
    // Longest suffix first: "ms" must win over "s".
    private static final Map<String, Double> TIME_UNITS = Map.of("ms", 0.001, "s", 1.0, "m", 60.0, "h", 3600.0);
    private static final Map<String, Double> COUNT_UNITS = Map.of("k", 1e3, "K", 1e3, "M", 1e6);

    private Values() {}

    /** Seconds from {@code 30}, {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}. */
    static double seconds(String text) {
        double v = scaled(
                text.trim().toLowerCase(Locale.ROOT),
                TIME_UNITS,
                "'" + text + "' is not a duration; write e.g. 30s, 500ms, 2m");
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new ValueException("'" + text + "' must be a positive duration, e.g. 30s");
        }
        return v;
    }

    /** A positive number with an optional k or M suffix: {@code 20000}, {@code 20k}, {@code 1.5M}. */
    static double positive(String text) {
        double v = scaled(text.trim(), COUNT_UNITS, "'" + text + "' is not a number");
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new ValueException("'" + text + "' must be greater than 0");
        }
        return v;
    }

    static long count(String text, long min) {
        double v = text.trim().equals("0") ? 0 : positive(text);
        if (v != Math.rint(v) || v < min || v > Long.MAX_VALUE / 2.0) {
            throw new ValueException("'" + text + "' must be a whole number >= " + min);
        }
        return (long) v;
    }

    static int intCount(String text, int min, int max) {
        long v = count(text, min);
        if (v > max) {
            throw new ValueException("'" + text + "' is too large; at most " + max);
        }
        return (int) v;
    }

    /** A fraction 0..1, also accepted as a percentage: {@code 0.1} or {@code 10%}. */
    static double fraction(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1) : t);
        } catch (NumberFormatException e) {
            throw new ValueException("'" + text + "' is not a number; write e.g. 0.1 or 10%");
        }
        if (percent) {
            v /= 100;
        }
        if (!(v >= 0 && v <= 1)) {
            throw new ValueException("'" + text + "' must be between 0 and 1 (or 0% and 100%)");
        }
        return v;
    }

    /** The value of an enum's constant by its {@link #word}; refused with the list of words. */
    static <E extends Enum<E>> E word(Class<E> type, String text) {
        E[] all = type.getEnumConstants();
        for (E e : all) {
            if (word(e).equals(text)) {
                return e;
            }
        }
        throw new ValueException("'" + text + "' is not one of "
                + String.join(", ", Arrays.stream(all).map(Values::word).toList()));
    }

    /** How a constant is written on the command line and in the results: ROUND_ROBIN is round-robin. */
    static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** {@code t} as a number times the scale of its unit suffix (none: 1). */
    private static double scaled(String t, Map<String, Double> units, String notANumber) {
        double scale = 1;
        String unit = units.keySet().stream()
                .filter(t::endsWith)
                .max((a, b) -> a.length() - b.length())
                .orElse("");
        if (!unit.isEmpty()) {
            scale = units.get(unit);
            t = t.substring(0, t.length() - unit.length());
        }
        try {
            return Double.parseDouble(t) * scale;
        } catch (NumberFormatException e) {
            throw new ValueException(notANumber);
        }
    }
}
