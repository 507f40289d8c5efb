package course.wrk2;

import java.util.ArrayList;
import java.util.List;

/**
 * What a wrk/wrk2 command line asked for: {@code wrk -d 30 -t 4 -c 64 -R 10000 -L -s get.lua http://host:8080}.
 * Options may be joined to their values ({@code -c64}, {@code -R15000}, {@code --rate=100}); unknown options are
 * skipped. Every field is {@code null} when the command does not set it.
 */
record WrkCommand(
        String text,
        Double rate,
        Integer threads,
        Integer connections,
        Double durationSeconds,
        String script,
        String url) {

    /** Parses the command (starting at the wrk word); throws with the reason when an option's value is unreadable. */
    static WrkCommand parse(String text) {
        List<String> words = words(text);
        Double rate = null;
        Integer threads = null;
        Integer connections = null;
        Double duration = null;
        String script = null;
        String url = null;
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (!word.startsWith("-")) {
                if (word.matches("https?://.*")) {
                    url = word;
                }
                continue;
            }
            String name;
            String value = null;
            if (word.startsWith("--")) {
                int eq = word.indexOf('=');
                name = eq < 0 ? word.substring(2) : word.substring(2, eq);
                value = eq < 0 ? null : word.substring(eq + 1);
            } else {
                name = word.substring(1, 2);
                value = word.length() > 2 ? word.substring(2) : null;
            }
            String option = canonical(name);
            if (option == null) {
                continue;
            }
            if (value == null) {
                if (i + 1 >= words.size()) {
                    throw new IllegalArgumentException("option " + word + " has no value");
                }
                value = words.get(++i);
            }
            switch (option) {
                case "rate" -> rate = number(word, value);
                case "threads" -> threads = count(word, value);
                case "connections" -> connections = count(word, value);
                case "duration" -> duration = duration(word, value);
                case "script" -> script = value;
                default -> {
                    // header, timeout: they take a value but say nothing the results record
                }
            }
        }
        return new WrkCommand(text, rate, threads, connections, duration, script, url);
    }

    /** The long name of an option that takes a value, or {@code null} for flags such as -L, -U, -B. */
    private static String canonical(String name) {
        return switch (name) {
            case "R", "rate" -> "rate";
            case "t", "threads" -> "threads";
            case "c", "connections" -> "connections";
            case "d", "duration" -> "duration";
            case "s", "script" -> "script";
            case "H", "header" -> "header";
            case "T", "timeout" -> "timeout";
            default -> null;
        };
    }

    private static double number(String option, String value) {
        try {
            double v = Double.parseDouble(stripSuffix(value));
            if (v < 0 || Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v * multiplier(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + option + " wants a number, got '" + value + "'");
        }
    }

    private static int count(String option, String value) {
        double v = number(option, value);
        if (v < 1 || v != Math.rint(v)) {
            throw new IllegalArgumentException("option " + option + " wants a whole number >= 1, got '" + value + "'");
        }
        return (int) v;
    }

    private static double duration(String option, String value) {
        try {
            return Units.seconds(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "option " + option + " wants a duration like 30, 30s or 2m, got '" + value + "'");
        }
    }

    /** wrk accepts SI suffixes on counts and rates ("-R 10k"). */
    private static String stripSuffix(String value) {
        return value.matches(".*[kKmMgG]") ? value.substring(0, value.length() - 1) : value;
    }

    private static double multiplier(String value) {
        if (value.isEmpty()) {
            return 1;
        }
        return switch (Character.toLowerCase(value.charAt(value.length() - 1))) {
            case 'k' -> 1e3;
            case 'm' -> 1e6;
            case 'g' -> 1e9;
            default -> 1;
        };
    }

    /** Splits like a shell would for the simple cases reports contain: spaces, and single or double quotes. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                } else {
                    word.append(ch);
                }
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
                inWord = true;
            } else if (Character.isWhitespace(ch)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(ch);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
