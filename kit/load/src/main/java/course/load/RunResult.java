package course.load;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one generator run measured: the merged latency histogram (microseconds), its one-second intervals for the
 * .hlog, wrk's counters, and the latency from each request's actual send (wrk2's uncorrected -U, printed only).
 */
record RunResult(
        Histogram latencyUs,
        List<Histogram> intervals,
        long startEpochMs,
        double durationSeconds,
        long requests,
        long bytesRead,
        long connectErrors,
        long readErrors,
        long writeErrors,
        long timeouts,
        long non2xx,
        Map<Integer, Long> byStatus,
        List<Double> requestsPerSecondPerThread,
        long sends,
        long lateSends,
        Histogram uncorrectedUs) {

    double achievedRate() {
        return requests / durationSeconds;
    }

    long socketErrors() {
        return connectErrors + readErrors + writeErrors + timeouts;
    }

    /** The share of sends the generator made more than a millisecond late, with the connection free. */
    double lateSendFraction() {
        return sends == 0 ? 0 : (double) lateSends / sends;
    }
}
