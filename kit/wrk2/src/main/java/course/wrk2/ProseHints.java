package course.wrk2;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a markdown report says, above a run, about the run's workload and rate, for runs pasted with nothing of their
 * own to say it (spectrum rows alone). A value is taken only when the text is unambiguous: one workload named by the
 * run's headings and section, one rate named anywhere above. Anything else gives no value and says why, so the run is
 * flagged instead of guessed.
 */
final class ProseHints {
    /** A value the text names and where it does so, or, when {@code value} is {@code null}, why none was taken. */
    record Hint<T>(T value, String explanation) {}

    private record Mention<T>(T value, WrkLine line, boolean heading) {
        String where() {
            return heading
                    ? "the heading " + line.quoted() + " at line " + line.number()
                    : "the text at line " + line.number();
        }
    }

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+\\S.*$");
    /** Prose uses "get" and "put" as plain verbs; only the upper-case HTTP method names a workload there. */
    private static final Pattern METHOD_IN_PROSE =
            Pattern.compile("(?<![A-Za-z0-9_])(GET|PUT|DELETE|UPSERT)(?![A-Za-z0-9_])");

    private static final Pattern WORD = Pattern.compile("[A-Za-z]+");
    /** A line that opens or closes a code block; "```code``` in prose" is inline code, not a fence. */
    private static final Pattern FENCE = Pattern.compile("^(?:```+|~~~+)[^`]*$");

    private static final String NUMBER = "(?<![\\d.,])(\\d+)(?![\\d]|[.,]\\d)";
    private static final String THOUSANDS = "\\s*([kк])?";
    /** "-R 15000", "-R15k", "--rate=15000", as in a wrk2 command quoted in the prose. */
    private static final Pattern RATE_OPTION =
            Pattern.compile("(?:(?<![\\w-])-R|--rate[=\\s])\\s*" + NUMBER + "([k])?");
    /** "15000 rps", "15k RPS", "15000 req/s", "15000 requests/sec". */
    private static final Pattern RATE_UNIT = Pattern.compile(
            NUMBER + THOUSANDS + "\\s*(?:rps|req/s|requests/s)", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /**
     * "rate 15000", "rate = 15000", "`RATE` равный `15000`", "рейт 15000": a few non-digit characters between the word and
     * the number, which must not be followed by a unit or percent sign ("error rate 5%", "rate sampling 10ms").
     */
    private static final Pattern RATE_WORD = Pattern.compile(
            "(?<!\\p{L})(?:rates?|рейт\\p{L}*)(?!\\p{L})[^\\d\\n]{0,20}?" + NUMBER + THOUSANDS
                    + "(?=\\s*(?:$|[^\\p{L}\\d%.,]|[.,](?!\\d)|rps|req))",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private ProseHints() {}

    /**
     * The workload named by the run's section: the upper-case HTTP methods in the text between the run and the heading
     * above it, and the workload words of that heading or, if it names none, of the closest enclosing heading that does.
     *
     * @param lineNumber the 1-based number of the run's first line
     */
    static Hint<String> workload(List<WrkLine> lines, int lineNumber) {
        List<WrkLine> prose = proseAbove(lines, lineNumber);
        List<Mention<String>> mentions = new ArrayList<>();
        int i = 0;
        for (; i < prose.size() && headingLevel(prose.get(i)) == 0; i++) {
            Matcher m = METHOD_IN_PROSE.matcher(prose.get(i).text());
            while (m.find()) {
                mentions.add(new Mention<>(m.group(1).toLowerCase(Locale.ROOT), prose.get(i), false));
            }
        }
        int enclosingLevel = 7;
        for (; i < prose.size(); i++) {
            int level = headingLevel(prose.get(i));
            if (level == 0 || level >= enclosingLevel) {
                continue;
            }
            enclosingLevel = level;
            List<Mention<String>> named = headingWorkloads(prose.get(i));
            if (!named.isEmpty()) {
                mentions.addAll(named);
                break;
            }
        }
        return single(
                "workload", mentions, "no heading above the run, and no GET/PUT/DELETE in its section, names one");
    }

    /**
     * The one rate that the headings and prose above the run name, however often; if they name several, none is
     * taken, as the text does not say which of them this run had.
     */
    static Hint<Double> rate(List<WrkLine> lines, int lineNumber) {
        List<Mention<Double>> mentions = new ArrayList<>();
        for (WrkLine line : proseAbove(lines, lineNumber)) {
            for (Pattern p : List.of(RATE_OPTION, RATE_UNIT, RATE_WORD)) {
                Matcher m = p.matcher(line.text());
                while (m.find()) {
                    double value = Double.parseDouble(m.group(1)) * (m.group(2) == null ? 1 : 1000);
                    mentions.add(new Mention<>(value, line, headingLevel(line) > 0));
                }
            }
        }
        return single("rate", mentions, "no heading or text above the run names one (like '-R 15000', '15000 rps')");
    }

    /**
     * The headings and prose above line {@code lineNumber}, nearest first: lines of no wrk2 kind outside code blocks
     * (a "# comment" in a shell snippet is not a heading).
     */
    private static List<WrkLine> proseAbove(List<WrkLine> lines, int lineNumber) {
        List<WrkLine> prose = new ArrayList<>();
        boolean inCode = false;
        for (WrkLine line : lines.subList(0, Math.max(0, Math.min(lineNumber - 1, lines.size())))) {
            if (line.kind() == LineKind.FENCE && FENCE.matcher(line.text()).matches()) {
                inCode = !inCode;
            } else if (!inCode && line.kind() == LineKind.OTHER) {
                prose.add(line);
            }
        }
        return prose.reversed();
    }

    private static <T> Hint<T> single(String what, List<Mention<T>> mentions, String whenNone) {
        if (mentions.isEmpty()) {
            return new Hint<>(null, whenNone);
        }
        Set<T> values = new LinkedHashSet<>();
        mentions.forEach(m -> values.add(m.value()));
        if (values.size() == 1) {
            return new Hint<>(mentions.getFirst().value(), mentions.getFirst().where());
        }
        List<String> each = new ArrayList<>();
        for (T value : values) {
            Mention<T> nearest = mentions.stream()
                    .filter(m -> m.value().equals(value))
                    .findFirst()
                    .orElseThrow();
            each.add(plain(value) + " (line " + nearest.line().number() + ")");
        }
        return new Hint<>(null, "the text above the run names more than one " + what + ": " + String.join(", ", each));
    }

    private static List<Mention<String>> headingWorkloads(WrkLine heading) {
        Set<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(heading.text());
        while (m.find()) {
            String word = m.group().toLowerCase(Locale.ROOT);
            if (FileNameHints.WORKLOADS.contains(word)) {
                words.add(word);
            }
        }
        return words.stream().map(w -> new Mention<>(w, heading, true)).toList();
    }

    /** The level of a markdown heading ("### PUT" is 3), or 0 for any other line. */
    private static int headingLevel(WrkLine line) {
        Matcher m = HEADING.matcher(line.text());
        return m.matches() ? m.group(1).length() : 0;
    }

    private static String plain(Object value) {
        if (value instanceof Double d && d == Math.rint(d)) {
            return String.valueOf(d.longValue());
        }
        return String.valueOf(value);
    }
}
