package course.load;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Whether a run's answers are the ones its workload expects. A GET of filled keys expects 200, a PUT 201, a DELETE
 * 202, a mixed run 200, 201 or 404 (its GETs may reach keys no PUT wrote yet). When more than
 * {@link #MAX_UNEXPECTED_FRACTION} of the requests got something else (another status, or no answer within
 * --timeout), the run measured the wrong thing (a 404 is answered faster than a read) and is flagged
 * "unexpected-status" with the breakdown and the likeliest cause.
 */
final class AnswerCheck {
    static final double MAX_UNEXPECTED_FRACTION = 0.10;

    private AnswerCheck() {}

    static Set<Integer> expected(WorkloadKind workload) {
        return switch (workload) {
            case GET -> Set.of(200);
            case PUT -> Set.of(201);
            case DELETE -> Set.of(202);
            case MIXED -> Set.of(200, 201, 404);
        };
    }

    /** The flag's sentence, or {@code null} when at most a tenth of the answers were unexpected. */
    static String judge(WorkloadKind workload, Map<Integer, Long> byStatus, long timeouts, long readErrors) {
        Set<Integer> ok = expected(workload);
        long total = timeouts + readErrors;
        long unexpected = timeouts + readErrors;
        Map<Integer, Long> others = new TreeMap<>();
        for (Map.Entry<Integer, Long> e : byStatus.entrySet()) {
            total += e.getValue();
            if (!ok.contains(e.getKey())) {
                unexpected += e.getValue();
                others.merge(e.getKey(), e.getValue(), Long::sum);
            }
        }
        if (total == 0 || unexpected <= MAX_UNEXPECTED_FRACTION * total) {
            return null;
        }
        StringBuilder breakdown = new StringBuilder();
        byStatus.forEach((code, n) -> breakdown
                .append(breakdown.isEmpty() ? "" : ", ")
                .append(code)
                .append(" x ")
                .append(n));
        if (timeouts > 0) {
            breakdown
                    .append(breakdown.isEmpty() ? "" : ", ")
                    .append("timeout x ")
                    .append(timeouts);
        }
        if (readErrors > 0) {
            breakdown
                    .append(breakdown.isEmpty() ? "" : ", ")
                    .append("broken answer x ")
                    .append(readErrors);
        }
        return String.format(
                Locale.ROOT,
                "%.0f%% of the answers are not what a %s run expects (%s): %s. %s",
                100.0 * unexpected / total,
                workload.label(),
                expectedText(ok),
                breakdown,
                cause(workload, others, timeouts, readErrors));
    }

    private static String expectedText(Set<Integer> ok) {
        return new TreeSet<>(ok)
                        .stream()
                                .map(String::valueOf)
                                .reduce((a, b) -> a + " or " + b)
                                .orElse("")
                + (ok.size() == 1 ? " only" : "");
    }

    /** The likeliest cause of the largest group of unexpected answers. */
    private static String cause(WorkloadKind workload, Map<Integer, Long> others, long timeouts, long readErrors) {
        int worst = 0;
        long most = Math.max(timeouts, readErrors);
        String cause = timeouts >= readErrors
                ? "Likely cause: the server did not answer within --timeout (overloaded or stuck; see its log)."
                : "Likely cause: the server closed connections or sent malformed answers (see its log).";
        for (Map.Entry<Integer, Long> e : others.entrySet()) {
            if (e.getValue() > most) {
                most = e.getValue();
                worst = e.getKey();
            }
        }
        if (worst == 0) {
            return cause;
        }
        if (worst == 404) {
            return workload == WorkloadKind.GET || workload == WorkloadKind.DELETE
                    ? "Likely cause: the keys are not there. Is the database filled? Fill it first with the same"
                            + " --keys: ./course load --workload put --key-order sequential -R <rate> -d <long enough>"
                    : "Likely cause: the server does not know this path (is it /v0/entity?).";
        }
        if (worst == 503 || worst == 429) {
            return "Likely cause: the server refused the load (" + worst + "): lower -R or see its overload rule.";
        }
        if (worst >= 500) {
            return "Likely cause: the server failed the requests (" + worst + "); its log says why.";
        }
        if (worst == 400 || worst == 405) {
            return "Likely cause: the server rejected the requests (" + worst + "): check how it reads the method, "
                    + "the path and the id parameter.";
        }
        if (worst == 200 || worst == 201 || worst == 202) {
            return "Likely cause: the server answers " + worst + " where the statement asks for "
                    + expectedText(expected(workload)) + ".";
        }
        return "Likely cause: the server answered " + worst + "; its log says why.";
    }
}
