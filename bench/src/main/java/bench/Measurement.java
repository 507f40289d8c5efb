package bench;

import org.HdrHistogram.Histogram;

/** One engine's result for one operation: throughput over the phase and the latency percentiles of single ops. */
record Measurement(
        String engine,
        String operation,
        long ops,
        double seconds,
        double p50Micros,
        double p99Micros,
        double maxMicros) {
    static Measurement of(String engine, String operation, long ops, long elapsedNanos, Histogram nanos) {
        return new Measurement(
                engine,
                operation,
                ops,
                elapsedNanos / 1e9,
                nanos.getValueAtPercentile(50) / 1e3,
                nanos.getValueAtPercentile(99) / 1e3,
                nanos.getMaxValue() / 1e3);
    }

    static Histogram newHistogram() {
        return new Histogram(3_600_000_000_000L, 3); // up to an hour in nanoseconds, 3 significant digits
    }

    double opsPerSecond() {
        return seconds == 0 ? 0 : ops / seconds;
    }
}
