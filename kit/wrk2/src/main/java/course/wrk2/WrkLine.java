package course.wrk2;

import java.util.List;

/**
 * One classified line: its 1-based number in the file, what it is, its text (tabs expanded, trimmed), and the values
 * the line's pattern captured. {@code malformed} lines look like a wrk2 line of that kind but their values cannot be
 * read; {@code expected} then says what the line should look like.
 */
record WrkLine(int number, LineKind kind, String text, List<String> values, boolean malformed, String expected) {

    String value(int i) {
        return values.get(i);
    }

    /** The line quoted for a message, shortened so one message stays one readable line. */
    String quoted() {
        String t = text.length() > 80 ? text.substring(0, 77) + "..." : text;
        return "'" + t + "'";
    }
}
