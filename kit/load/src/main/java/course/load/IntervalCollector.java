package course.load;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Gathers the workers' latencies in intervals: each call swaps every worker's recorder and merges what it held into
 * one interval histogram (kept for the .hlog) and into the run's total.
 */
final class IntervalCollector {
    private final List<LoadWorker> workers;
    private final long startEpochMs;
    private final Histogram total = newHistogram();
    private final Histogram uncorrectedTotal = newHistogram();
    private final List<Histogram> intervals = new ArrayList<>();
    private long lastEndMs;

    IntervalCollector(List<LoadWorker> workers, long startEpochMs) {
        this.workers = workers;
        this.startEpochMs = startEpochMs;
        this.lastEndMs = startEpochMs;
    }

    static Histogram newHistogram() {
        return new Histogram(1, LoadWorker.HIGHEST_US, 3);
    }

    Histogram collect() {
        Histogram interval = newHistogram();
        for (LoadWorker w : workers) {
            interval.add(w.recorder.getIntervalHistogram());
            uncorrectedTotal.add(w.uncorrected.getIntervalHistogram());
        }
        long now = Math.max(System.currentTimeMillis(), lastEndMs);
        interval.setStartTimeStamp(lastEndMs);
        interval.setEndTimeStamp(now);
        lastEndMs = now;
        total.add(interval);
        if (interval.getTotalCount() > 0) {
            intervals.add(interval);
        }
        return interval;
    }

    Histogram total() {
        return total;
    }

    /** The run's latency from each request's actual send (wrk2's -U), for printing only. */
    Histogram uncorrectedTotal() {
        return uncorrectedTotal;
    }

    List<Histogram> intervals() {
        return intervals;
    }

    long startEpochMs() {
        return startEpochMs;
    }
}
