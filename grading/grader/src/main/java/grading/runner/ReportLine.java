package grading.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of the runner's report: {@code secret TAB kind TAB test TAB tags TAB outcome TAB ms TAB message}, with
 * backslash, tab and newline escaped so that a message is always one field of one line.
 */
public record ReportLine(String kind, String test, String tags, String outcome, double millis, String message) {
    public static String line(
            String secret, String kind, String test, String tags, String outcome, double millis, String message) {
        return String.join(
                "\t", secret, kind, escape(test), escape(tags), outcome, String.valueOf(millis), escape(message));
    }

    /** The report in a line, or null when the line is not one (it lacks the secret or is malformed). */
    public static ReportLine parse(String secret, String line) {
        List<String> f = split(line);
        if (f.size() != 7 || !f.get(0).equals(secret)) {
            return null;
        }
        try {
            return new ReportLine(
                    f.get(1),
                    unescape(f.get(2)),
                    unescape(f.get(3)),
                    f.get(4),
                    Double.parseDouble(f.get(5)),
                    unescape(f.get(6)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        int from = 0;
        for (int tab; (tab = line.indexOf('\t', from)) >= 0; from = tab + 1) {
            fields.add(line.substring(from, tab));
        }
        fields.add(line.substring(from));
        return fields;
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(
                        switch (n) {
                            case 't' -> '\t';
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            default -> n;
                        });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
