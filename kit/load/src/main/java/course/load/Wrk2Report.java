package course.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Prints a run in wrk2's own layout (header, Thread Stats, Latency Distribution, Detailed Percentile spectrum,
 * totals), so habits and tools built around wrk2 output keep working.
 */
final class Wrk2Report {
    static final double[] PERCENTILES = {50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0};
    private static final String RULE = "----------------------------------------------------------";
    /**
     * The first line after a run, wrk2's as ours. Printed as soon as the run ends, before the rest of the report is
     * made: a reader timing the run (bench load's CPU window) sees where the run stopped and the reporting began.
     */
    static final String STATS_HEADER =
            String.format(Locale.ROOT, "  Thread Stats%6s%11s%8s%12s%n", "Avg", "Stdev", "Max", "+/- Stdev");

    private Wrk2Report() {}

    static String header(LoadOptions o) {
        return String.format(
                Locale.ROOT,
                "Running %s test @ %s%n  %d threads and %d connections%n",
                WrkUnits.durationHeader(o.durationSeconds()),
                String.join(",", urls(o.targets())),
                o.threads(),
                o.connections());
    }

    /** The report below {@link #STATS_HEADER}. */
    static String body(RunResult r) {
        StringBuilder sb = new StringBuilder();
        Histogram h = r.latencyUs();
        sb.append(statsLine(
                "Latency", h.getMean(), h.getStdDeviation(), h.getMaxValue(), withinStdev(h), WrkUnits::timeUs));
        Samples reqs = Samples.of(r.requestsPerSecondPerThread());
        sb.append(statsLine("Req/Sec", reqs.mean, reqs.stdev, reqs.max, reqs.withinStdev, WrkUnits::metric));
        sb.append(distribution("Recorded Latency", h));
        sb.append(String.format(
                Locale.ROOT,
                "  %d requests in %s, %sB read%n",
                r.requests(),
                WrkUnits.duration(r.durationSeconds()),
                WrkUnits.binary(r.bytesRead())));
        if (r.socketErrors() > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  Socket errors: connect %d, read %d, write %d, timeout %d%n",
                    r.connectErrors(),
                    r.readErrors(),
                    r.writeErrors(),
                    r.timeouts()));
        }
        if (r.non2xx() > 0) {
            sb.append(String.format(Locale.ROOT, "  Non-2xx or 3xx responses: %d%n", r.non2xx()));
        }
        sb.append(String.format(Locale.ROOT, "Requests/sec: %9.2f%n", r.achievedRate()));
        sb.append(String.format(
                Locale.ROOT, "Transfer/sec: %10sB%n", WrkUnits.binary(r.bytesRead() / r.durationSeconds())));
        return sb.toString();
    }

    /**
     * wrk2's -U block: the latency from each request's actual send, which leaves out the time a request waited for
     * a stalled server before it could go out (coordinated omission): shown for comparison, never recorded.
     */
    static String uncorrected(RunResult r) {
        return "\n"
                + distribution(
                        "Uncorrected Latency (measured without taking delayed starts into account)", r.uncorrectedUs());
    }

    /** wrk2's percentile list and detailed spectrum of one histogram, under its title. */
    private static String distribution(String title, Histogram h) {
        StringBuilder sb = new StringBuilder("  Latency Distribution (HdrHistogram - " + title + ")\n");
        for (double p : PERCENTILES) {
            sb.append(String.format(Locale.ROOT, "%7.3f%%", p))
                    .append(units(WrkUnits.timeUs(h.getValueAtPercentile(p)), 10))
                    .append('\n');
        }
        sb.append("\n  Detailed Percentile spectrum:\n");
        sb.append(spectrum(h));
        sb.append(RULE).append('\n');
        return sb.toString();
    }

    /** The spectrum in HdrHistogram's classic layout, values in milliseconds. */
    static String spectrum(Histogram h) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT, "%12s %12s %12s %12s%n%n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)"));
        for (SpectrumLine line : spectrumLines(h)) {
            if (line.percentile < 1.0) {
                sb.append(String.format(
                        Locale.ROOT,
                        "%12.3f %12f %12d %12.2f%n",
                        line.ms,
                        line.percentile,
                        line.count,
                        1 / (1 - line.percentile)));
            } else {
                sb.append(String.format(
                        Locale.ROOT, "%12.3f %12f %12d %12s%n", line.ms, line.percentile, line.count, "inf"));
            }
        }
        sb.append(String.format(
                Locale.ROOT,
                "#[Mean    = %12.3f, StdDeviation   = %12.3f]%n",
                h.getMean() / 1000,
                h.getStdDeviation() / 1000));
        sb.append(String.format(
                Locale.ROOT,
                "#[Max     = %12.3f, Total count    = %12d]%n",
                h.getMaxValue() / 1000.0,
                h.getTotalCount()));
        sb.append(String.format(
                Locale.ROOT, "#[Buckets = %12d, SubBuckets     = %12d]%n", bucketCount(h), subBucketCount(h)));
        return sb.toString();
    }

    record SpectrumLine(double ms, double percentile, long count) {}

    /** wrk2's spectrum points: five ticks per halving of the distance to 100%. */
    static List<SpectrumLine> spectrumLines(Histogram h) {
        if (h.getTotalCount() == 0) {
            return List.of();
        }
        ArrayList<SpectrumLine> lines = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(5)) {
            lines.add(new SpectrumLine(
                    v.getValueIteratedTo() / 1000.0,
                    v.getPercentileLevelIteratedTo() / 100.0,
                    v.getTotalCountToThisValue()));
        }
        return lines;
    }

    private static String statsLine(
            String name, double mean, double stdev, double max, double withinStdevPercent, DoubleFunction<String> fmt) {
        return String.format(Locale.ROOT, "    %-10s", name)
                + units(fmt.apply(mean), 8)
                + units(fmt.apply(stdev), 10)
                + units(fmt.apply(max), 9)
                + String.format(Locale.ROOT, "%8.2f%%%n", withinStdevPercent);
    }

    /** wrk's print_units: right-aligns a value, leaving room for a unit when the value has none. */
    private static String units(String msg, int width) {
        int len = msg.length();
        int pad = 2;
        if (Character.isLetter(msg.charAt(len - 1))) {
            pad--;
        }
        if (len > 1 && Character.isLetter(msg.charAt(len - 2))) {
            pad--;
        }
        int w = width - pad;
        String padded = msg.length() >= w ? msg : " ".repeat(w - msg.length()) + msg;
        return padded + "  ".substring(0, pad);
    }

    private static double withinStdev(Histogram h) {
        if (h.getTotalCount() == 0) {
            return 0;
        }
        double mean = h.getMean();
        double sd = h.getStdDeviation();
        long within = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = v.getValueIteratedTo();
            if (value >= mean - sd && value <= mean + sd) {
                within += v.getCountAtValueIteratedTo();
            }
        }
        return 100.0 * within / h.getTotalCount();
    }

    private static int subBucketCount(Histogram h) {
        int digits = h.getNumberOfSignificantValueDigits();
        long largestSingleUnitResolution = 2 * (long) Math.pow(10, digits);
        int magnitude = (int) Math.ceil(Math.log(largestSingleUnitResolution) / Math.log(2));
        return 1 << magnitude;
    }

    private static int bucketCount(Histogram h) {
        long smallestUntrackable = subBucketCount(h) * Long.highestOneBit(Math.max(1, h.getLowestDiscernibleValue()));
        int buckets = 1;
        while (smallestUntrackable <= h.getHighestTrackableValue()) {
            smallestUntrackable <<= 1;
            buckets++;
        }
        return buckets;
    }

    private static List<String> urls(List<Target> targets) {
        return targets.stream().map(Target::url).toList();
    }

    /** Avg, Stdev, Max and the share within one stdev of the mean, over per-thread per-second samples. */
    private record Samples(double mean, double stdev, double max, double withinStdev) {
        static Samples of(List<Double> xs) {
            if (xs.isEmpty()) {
                return new Samples(0, 0, 0, 0);
            }
            double sum = 0;
            double max = 0;
            for (double x : xs) {
                sum += x;
                max = Math.max(max, x);
            }
            double mean = sum / xs.size();
            double sq = 0;
            for (double x : xs) {
                sq += (x - mean) * (x - mean);
            }
            double stdev = xs.size() > 1 ? Math.sqrt(sq / (xs.size() - 1)) : 0;
            long within = xs.stream()
                    .filter(x -> x >= mean - stdev && x <= mean + stdev)
                    .count();
            return new Samples(mean, stdev, max, 100.0 * within / xs.size());
        }
    }
}
