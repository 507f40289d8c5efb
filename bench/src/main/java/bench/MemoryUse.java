package bench;

import java.util.Locale;

/** What a run under {@code --memory-limit} used: the limit, the cgroup's peak charge, how often it hit the limit. */
record MemoryUse(long limitBytes, long peakBytes, long limitHits) {
    String sentence() {
        return String.format(
                Locale.ROOT,
                "memory cgroup: limit %d MiB, peak %.0f MiB, limit reached %d times%s",
                limitBytes >> 20,
                peakBytes / 1048576.0,
                limitHits,
                limitHits > 0 ? " (pages were evicted: the data did not fit)" : " (everything fit: raise --keys)");
    }
}
