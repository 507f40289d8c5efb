package course.load;

import java.util.Locale;

/** Parses option values in wrk's notation (durations like 30s or 2m, counts like 20k) with clear errors. */
final class Values {
    private Values() {
    }

    /** Seconds from {@code 30}, {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}. */
    static double seconds(String option, String text) throws UsageException {
        String t = text.trim().toLowerCase(Locale.ROOT);
        double scale = 1;
        if (t.endsWith("ms")) {
            scale = 0.001;
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            scale = 60;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            scale = 3600;
            t = t.substring(0, t.length() - 1);
        }
        double v;
        try {
            v = Double.parseDouble(t) * scale;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is not a duration; write e.g. 30s, 500ms, 2m");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new UsageException(option + " '" + text + "' must be a positive duration, e.g. 30s");
        }
        return v;
    }

    /** A positive number with an optional k or M suffix: {@code 20000}, {@code 20k}, {@code 1.5M}. */
    static double positive(String option, String text) throws UsageException {
        String t = text.trim();
        double scale = 1;
        if (t.endsWith("k") || t.endsWith("K")) {
            scale = 1e3;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("M")) {
            scale = 1e6;
            t = t.substring(0, t.length() - 1);
        }
        double v;
        try {
            v = Double.parseDouble(t) * scale;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is not a number");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new UsageException(option + " '" + text + "' must be greater than 0");
        }
        return v;
    }

    static long count(String option, String text, long min) throws UsageException {
        double v = positiveOrZero(option, text);
        if (v != Math.rint(v) || v < min || v > Long.MAX_VALUE / 2) {
            throw new UsageException(option + " '" + text + "' must be a whole number >= " + min);
        }
        return (long) v;
    }

    static int intCount(String option, String text, int min, int max) throws UsageException {
        long v = count(option, text, min);
        if (v > max) {
            throw new UsageException(option + " '" + text + "' is too large; at most " + max);
        }
        return (int) v;
    }

    /** A fraction 0..1, also accepted as a percentage: {@code 0.1} or {@code 10%}. */
    static double fraction(String option, String text) throws UsageException {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1) : t);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is not a number; write e.g. 0.1 or 10%");
        }
        if (percent) {
            v /= 100;
        }
        if (!(v >= 0 && v <= 1)) {
            throw new UsageException(option + " '" + text + "' must be between 0 and 1 (or 0% and 100%)");
        }
        return v;
    }

    private static double positiveOrZero(String option, String text) throws UsageException {
        if (text.trim().equals("0")) {
            return 0;
        }
        return positive(option, text);
    }
}
