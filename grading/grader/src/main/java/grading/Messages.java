package grading;

/**
 * Makes a message from a test run safe to keep: a message carries whatever a submission answered, so it may hold
 * half an emoji, raw control bytes or megabytes. The grade document is UTF-8 (a lone surrogate cannot be written and
 * once cost a whole grade), and the summary goes to a terminal (an escape sequence would redraw it).
 */
final class Messages {
    /** The most code points of a test's message a grade keeps (got / expected, the replay line, the nodes' logs). */
    static final int MAX_MESSAGE = 4000;

    private Messages() {}

    /** A message fit for the grade: at most {@link #MAX_MESSAGE} code points, no raw control characters. */
    static String cut(String s) {
        return clean(s, MAX_MESSAGE);
    }

    /**
     * At most {@code maxCodePoints} code points (never half of one), lone surrogates shown as U+FFFD, and control
     * characters other than newline and tab shown escaped ({@code \r}, {@code \u001b}).
     */
    static String clean(String s, int maxCodePoints) {
        if (s == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(s.length(), maxCodePoints * 2) + 16);
        int kept = 0;
        for (int i = 0; i < s.length(); ) {
            if (kept == maxCodePoints) {
                return out.append("\n... (cut)").toString();
            }
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            kept++;
            if (Character.isSurrogate((char) c) && c <= 0xFFFF) {
                out.append('\uFFFD');
            } else if (c == '\n' || c == '\t') {
                out.append((char) c);
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        }
        return out.toString();
    }
}
