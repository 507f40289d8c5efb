package course.wrk2;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells what each line of a text is. Each kind has a loose pattern that recognises the line ("Socket errors:") and a
 * strict one that reads its values; a line that passes the first but not the second is kept as malformed, so the
 * reader can say what was expected instead of silently skipping it. Spacing is free everywhere: wrk2 aligns columns,
 * reports re-indent them, and other generators that print the same sections need not copy the alignment.
 */
final class LineClassifier {
    private static final String NUM = "(\\d+(?:\\.\\d+)?)";
    private static final String TOKEN = "(\\S+?)";

    private record Rule(LineKind kind, Pattern recognise, Pattern read, String expected) {}

    private static final List<Rule> RULES = List.of(
            rule(
                    LineKind.THREADS,
                    "^\\d+\\s+threads?\\s+and\\b",
                    "^(\\d+)\\s+threads?\\s+and\\s+(\\d+)\\s+connections?$",
                    "'N threads and M connections'"),
            rule(
                    LineKind.CALIBRATION,
                    "^Thread calibration:",
                    "^Thread calibration:.*$",
                    "'Thread calibration: mean lat.: ..., rate sampling interval: ...'"),
            rule(
                    LineKind.THREAD_STATS,
                    "^Thread Stats\\b",
                    "^Thread Stats\\b.*$",
                    "'Thread Stats Avg Stdev Max +/- Stdev'"),
            rule(
                    LineKind.HDR_TITLE,
                    "^Latency Distribution\\b",
                    "^Latency Distribution\\b.*$",
                    "'Latency Distribution (HdrHistogram - Recorded Latency)'"),
            rule(
                    LineKind.STATS_LATENCY,
                    "^Latency\\s+[-\\d]",
                    "^Latency\\s+" + TOKEN + "\\s+" + TOKEN + "\\s+" + TOKEN + "(?:\\s+\\S+)?$",
                    "'Latency <avg> <stdev> <max> <+/- stdev>' with times like 2.50ms"),
            rule(LineKind.STATS_REQ_SEC, "^Req/Sec\\b", "^Req/Sec\\b.*$", "'Req/Sec <avg> <stdev> <max> <+/- stdev>'"),
            rule(
                    LineKind.PERCENTILE,
                    "^\\d{1,3}(?:\\.\\d+)?%\\s+[-\\d]",
                    "^" + NUM + "%\\s+(\\S+)$",
                    "a percentile line like ' 99.900%   37.79ms'"),
            rule(
                    LineKind.SPECTRUM_TITLE,
                    "^Detailed Percentile spectrum\\b",
                    "^Detailed Percentile spectrum:?$",
                    "'Detailed Percentile spectrum:'"),
            rule(
                    LineKind.SPECTRUM_COLUMNS,
                    "^Value\\s+Percentile\\b",
                    "^Value\\s+Percentile\\s+TotalCount\\b.*$",
                    "'Value Percentile TotalCount 1/(1-Percentile)'"),
            rule(
                    LineKind.SPECTRUM_ROW,
                    "^\\d+(?:\\.\\d+)?\\s+\\d+(?:\\.\\d+)?\\s+\\d+(?:\\s+(?:\\d|inf)\\S*)?$",
                    "^" + NUM + "\\s+" + NUM + "\\s+(\\d+)(?:\\s+(?:\\d+(?:\\.\\d+)?|inf))?$",
                    "a spectrum row '<value ms> <percentile 0..1> <total count> <1/(1-percentile)>'"),
            rule(
                    LineKind.FOOTER_MEAN,
                    "^#\\[\\s*Mean\\b",
                    "^#\\[\\s*Mean\\s*=\\s*" + TOKEN + "\\s*,\\s*StdDeviation\\s*=\\s*" + TOKEN + "\\s*]$",
                    "'#[Mean = <ms>, StdDeviation = <ms>]'"),
            rule(
                    LineKind.FOOTER_MAX,
                    "^#\\[\\s*Max\\b",
                    "^#\\[\\s*Max\\s*=\\s*" + TOKEN + "\\s*,\\s*Total count\\s*=\\s*(\\d+)\\s*]$",
                    "'#[Max = <ms>, Total count = <count>]'"),
            rule(
                    LineKind.FOOTER_BUCKETS,
                    "^#\\[\\s*Buckets\\b",
                    "^#\\[\\s*Buckets\\b.*]$",
                    "'#[Buckets = N, SubBuckets = M]'"),
            rule(LineKind.SEPARATOR, "^-{10,}$", "^-{10,}$", "a line of dashes"),
            rule(
                    LineKind.REQUESTS,
                    "^\\d+\\s+requests\\s+in\\b",
                    "^(\\d+)\\s+requests\\s+in\\s+" + TOKEN + "\\s*(?:,.*)?$",
                    "'N requests in 30.00s, 1.60MB read'"),
            rule(
                    LineKind.SOCKET_ERRORS,
                    "^Socket errors:",
                    "^Socket errors:\\s*connect\\s+(\\d+)\\s*,\\s*read\\s+(\\d+)\\s*,\\s*write\\s+(\\d+)\\s*,\\s*timeout\\s+(\\d+)$",
                    "'Socket errors: connect N, read N, write N, timeout N'"),
            rule(
                    LineKind.NON_2XX,
                    "^Non-2xx or 3xx responses:",
                    "^Non-2xx or 3xx responses:\\s*(\\d+)$",
                    "'Non-2xx or 3xx responses: N'"),
            rule(
                    LineKind.REQUESTS_PER_SEC,
                    "^Requests/sec:",
                    "^Requests/sec:\\s*" + NUM + "$",
                    "'Requests/sec: <number>'"),
            rule(LineKind.TRANSFER_PER_SEC, "^Transfer/sec:", "^Transfer/sec:\\s*(\\S+)$", "'Transfer/sec: <size>'"));

    /** "Running 30s test @ http://host:port", possibly after a prompt or stray characters. */
    private static final Pattern HEADER = Pattern.compile("\\bRunning\\s+(\\S+)\\s+test\\s+@\\s+(\\S+)");

    private static final Pattern HEADER_LOOSE = Pattern.compile("^\\W{0,3}Running\\s+\\S+\\s+test\\b");
    /** The wrk word of an invocation: "wrk", "wrk2", "./wrk", "../wrk2/wrk", after a prompt or at the line start. */
    private static final Pattern COMMAND = Pattern.compile("(?:^|[\\s$>#`])((?:\\S*/)?wrk2?\\s+-.*)$");

    private static final Pattern URL = Pattern.compile("https?://");
    private static final Pattern ANSI_ESCAPE = Pattern.compile("(?:\u001B|\\^\\[)\\[[0-9;?]*[A-Za-z]");
    private static final Pattern FENCE = Pattern.compile("^(```|~~~)");

    private LineClassifier() {}

    private static Rule rule(LineKind kind, String recognise, String read, String expected) {
        return new Rule(kind, Pattern.compile(recognise), Pattern.compile(read), expected);
    }

    static List<WrkLine> classify(String text) {
        List<WrkLine> lines = new ArrayList<>();
        String[] raw = text.split("\\R", -1);
        for (int i = 0; i < raw.length; i++) {
            lines.add(classify(i + 1, raw[i]));
        }
        return lines;
    }

    static WrkLine classify(int number, String rawLine) {
        String text = normalise(rawLine);
        if (text.isEmpty()) {
            return plain(number, LineKind.BLANK, text);
        }
        if (FENCE.matcher(text).find()) {
            return plain(number, LineKind.FENCE, text);
        }
        Matcher header = HEADER.matcher(text);
        if (header.find()) {
            return new WrkLine(number, LineKind.HEADER, text, List.of(header.group(1), header.group(2)), false, null);
        }
        if (HEADER_LOOSE.matcher(text).find()) {
            return new WrkLine(number, LineKind.HEADER, text, List.of(), true, "'Running 30s test @ http://host:port'");
        }
        Matcher command = COMMAND.matcher(text);
        if (command.find() && URL.matcher(command.group(1)).find()) {
            return new WrkLine(number, LineKind.COMMAND, text, List.of(stripBackticks(command.group(1))), false, null);
        }
        for (Rule rule : RULES) {
            if (rule.recognise.matcher(text).find()) {
                Matcher m = rule.read.matcher(text);
                if (!m.matches()) {
                    return new WrkLine(number, rule.kind, text, List.of(), true, rule.expected);
                }
                List<String> values = new ArrayList<>();
                for (int g = 1; g <= m.groupCount(); g++) {
                    values.add(m.group(g));
                }
                return new WrkLine(number, rule.kind, text, List.copyOf(values), false, rule.expected);
            }
        }
        return plain(number, LineKind.OTHER, text);
    }

    private static WrkLine plain(int number, LineKind kind, String text) {
        return new WrkLine(number, kind, text, List.of(), false, null);
    }

    /**
     * Tabs become spaces; terminal escapes go (an arrow key pressed while wrk2 ran leaves "ESC[A", or "^[[A" when
     * copied from a terminal), as do other control characters and a markdown quote marker; the rest is trimmed.
     */
    private static String normalise(String line) {
        String text = ANSI_ESCAPE
                .matcher(line)
                .replaceAll("")
                .replace('\t', ' ')
                .replace('\u00a0', ' ')
                .replaceAll("\\p{Cntrl}", "")
                .strip();
        if (text.startsWith("> ")) {
            text = text.substring(2).strip();
        }
        return text;
    }

    private static String stripBackticks(String command) {
        String c = command.strip();
        while (c.endsWith("`")) {
            c = c.substring(0, c.length() - 1).strip();
        }
        return c;
    }
}
