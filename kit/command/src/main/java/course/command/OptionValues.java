package course.command;

/**
 * Whole-number option values with the course's messages, shared by every command (picocli reports the
 * {@link IllegalArgumentException} thrown from an option setter as that command's usage error).
 */
public final class OptionValues {
    private OptionValues() {
    }

    /** {@code text} as a whole number from {@code min} to {@code max}; underscores are allowed (1_000_000). */
    public static long between(String option, String text, long min, long max) {
        long n;
        try {
            n = Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a whole number; give one from " + min
                    + " to " + max);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }

    /** {@link #between} for options that hold an int. */
    public static int intBetween(String option, String text, int min, int max) {
        return (int) between(option, text, min, max);
    }
}
