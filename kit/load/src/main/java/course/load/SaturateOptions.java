package course.load;

import java.util.Arrays;

/** The options of {@code course saturate}: the load options (without -R and -d) plus the search's own. */
final class SaturateOptions {
    LoadOptions load;
    double startRate = 1000;
    double maxRate = 1_000_000;
    double stepSeconds = 10;
    double resolution = 0.05;
    double p99Ms = 10;
    double minAchieved = 0.99;
    int maxSteps = 16;
    int confirmMisses = 1;
    double pauseSeconds = 1;

    static SaturateOptions parse(String... args) throws UsageException {
        SaturateOptions s = new SaturateOptions();
        LoadOptions load = new LoadOptions();
        ArgReader r = new ArgReader(Arrays.asList(args));
        while (r.advance()) {
            String n = r.name();
            switch (n) {
                case "-R", "--rate" -> throw new UsageException("saturate chooses the rates itself; give --start-rate"
                        + " (and --max-rate) instead of " + n);
                case "-d", "--duration" -> throw new UsageException("saturate runs steps of --step-duration; use that"
                        + " instead of " + n);
                case "--profile", "--tool" -> throw new UsageException(n + " is for ./course load; saturate runs the"
                        + " built-in generator only");
                case "--start-rate" -> s.startRate = Values.positive(n, r.value());
                case "--max-rate" -> s.maxRate = Values.positive(n, r.value());
                case "--step-duration" -> s.stepSeconds = Values.seconds(n, r.value());
                case "--pause" -> s.pauseSeconds = Values.seconds(n, r.value());
                case "--resolution" -> s.resolution = Values.fraction(n, r.value());
                case "--p99-ms" -> s.p99Ms = Values.positive(n, r.value());
                case "--min-achieved" -> s.minAchieved = Values.fraction(n, r.value());
                case "--max-steps" -> s.maxSteps = Values.intCount(n, r.value(), 1, 100);
                case "--confirm-misses" -> s.confirmMisses = Values.intCount(n, r.value(), 0, 5);
                default -> {
                    if (!load.accept(r)) {
                        throw new UsageException("unknown option " + n + " (see --help)");
                    }
                }
            }
        }
        load.validate(false);
        if (s.resolution <= 0) {
            throw new UsageException("--resolution must be above 0, e.g. 5%");
        }
        if (s.startRate > s.maxRate) {
            throw new UsageException("--start-rate " + s.startRate + " is above --max-rate " + s.maxRate);
        }
        s.load = load.withDuration(s.stepSeconds);
        return s;
    }
}
