package course.profiler;

import course.command.UsageException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as people type them: 30s, 2m, 1500ms, 1h, or a bare number of seconds. */
final class DurationArg {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)?");
    static final Duration MAX = Duration.ofHours(24);

    private DurationArg() {}

    static Duration parse(String option, String text) throws UsageException {
        Matcher matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            throw new UsageException(option + " '" + text + "' is not a duration; write it like 30s, 2m or 500ms");
        }
        long amount;
        try {
            amount = Long.parseLong(matcher.group(1));
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is too long; at most " + MAX.toHours() + "h");
        }
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        Duration duration = switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(Math.min(amount, MAX.toMinutes() + 1));
            case "h" -> Duration.ofHours(Math.min(amount, MAX.toHours() + 1));
            default -> Duration.ofSeconds(Math.min(amount, MAX.toSeconds() + 1));
        };
        if (duration.isZero()) {
            throw new UsageException(option + " must be longer than zero");
        }
        if (duration.compareTo(MAX) > 0) {
            throw new UsageException(option + " '" + text + "' is too long; at most " + MAX.toHours() + "h");
        }
        return duration;
    }
}
