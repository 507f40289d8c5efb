package course.wrk2;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a file name says about its runs when the output itself does not: students name files after the rate
 * ({@code t4_c170_R22000.txt}, {@code get_20000rps.txt}) and the workload ({@code put_...}, {@code wrk-get-...}).
 * Only unambiguous forms count: a bare number such as {@code get_10000_wrk.txt} could be a rate, a key count or a
 * duration, so it is not used.
 */
final class FileNameHints {
    /** "R22000" between separators, or "22000rps" / "22000_rps" / "22k-rps". */
    private static final Pattern RATE_R = Pattern.compile("(?:^|[^A-Za-z0-9])R(\\d+)(?=$|[^A-Za-z0-9])");

    private static final Pattern RATE_RPS =
            Pattern.compile("(?:^|[^0-9])(\\d+)(k?)[-_]?rps(?=$|[^A-Za-z])", Pattern.CASE_INSENSITIVE);
    private static final Pattern WORD = Pattern.compile("[A-Za-z]+");
    static final List<String> WORKLOADS = List.of("get", "put", "upsert", "delete", "mixed", "range", "getrand");

    private FileNameHints() {}

    static Optional<Double> rate(String fileName) {
        String base = baseName(fileName);
        Matcher r = RATE_R.matcher(base);
        if (r.find()) {
            return Optional.of(Double.parseDouble(r.group(1)));
        }
        Matcher rps = RATE_RPS.matcher(base);
        if (rps.find()) {
            double v = Double.parseDouble(rps.group(1));
            return Optional.of(rps.group(2).isEmpty() ? v : v * 1000);
        }
        return Optional.empty();
    }

    /** The first workload word of the file name (put, get, ...), if any. */
    static Optional<String> workload(String fileName) {
        Matcher m = WORD.matcher(baseName(fileName));
        while (m.find()) {
            String word = m.group().toLowerCase(Locale.ROOT);
            if (WORKLOADS.contains(word)) {
                return Optional.of(word);
            }
        }
        return Optional.empty();
    }

    /** The workload a script's file name names: "/path/to/put.lua" is "put". */
    static String scriptWorkload(String script) {
        String name = baseName(script);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    static String baseName(String path) {
        String p = path.replace('\\', '/');
        int slash = p.lastIndexOf('/');
        return slash < 0 ? p : p.substring(slash + 1);
    }

    static String withoutExtension(String fileName) {
        String name = baseName(fileName);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
