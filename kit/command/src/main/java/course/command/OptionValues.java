package course.command;

import picocli.CommandLine.ITypeConverter;

/**
 * Whole-number option values with the course's messages, shared by every command: as picocli converters (a
 * subclass of {@link Range} or {@link IntRange} names one option's bounds; {@link CourseCommandLine} puts the
 * option's name before the reason) or, for a setter, with the option named in the message.
 */
public final class OptionValues {
    private OptionValues() {}

    /** {@code text} as a whole number from {@code min} to {@code max}; underscores are allowed (1_000_000). */
    public static long between(String text, long min, long max) {
        long n;
        try {
            n = Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new ValueException("'" + text + "' is not a whole number; give one from " + min + " to " + max);
        }
        if (n < min || n > max) {
            throw new ValueException("must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }

    /** {@link #between(String, long, long)} with {@code option} named in the message. */
    public static long between(String option, String text, long min, long max) {
        try {
            return between(text, min, max);
        } catch (ValueException e) {
            throw new IllegalArgumentException(option + " " + e.getMessage());
        }
    }

    /** {@link #between(String, String, long, long)} for options that hold an int. */
    public static int intBetween(String option, String text, int min, int max) {
        return (int) between(option, text, min, max);
    }

    /**
     * {@code text} when it matches {@code pattern}, else the error {@code <option> <takes>, got '<text>'}: for values
     * kept as typed (a duration or size passed on to another tool as it is).
     */
    public static String matching(String option, String text, String pattern, String takes) {
        if (!text.matches(pattern)) {
            throw new IllegalArgumentException(option + " " + takes + ", got '" + text + "'");
        }
        return text;
    }

    /** A converter of whole numbers from {@code min} to {@code max} into a long option. */
    public abstract static class Range implements ITypeConverter<Long> {
        private final long min;
        private final long max;

        protected Range(long min, long max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Long convert(String text) {
            return between(text, min, max);
        }
    }

    /** {@link Range} for an int option. */
    public abstract static class IntRange implements ITypeConverter<Integer> {
        private final Range range;

        protected IntRange(int min, int max) {
            range = new Range(min, max) {};
        }

        @Override
        public Integer convert(String text) {
            return range.convert(text).intValue();
        }
    }

    /** A TCP port. */
    public static final class Port extends IntRange {
        public Port() {
            super(1, 65535);
        }
    }
}
