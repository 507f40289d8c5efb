package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One load run: what was sent, at what rate, and the latency distribution that came back. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class LoadRun extends ResultDocument {
    public Source source = new Source();
    public Workload workload = new Workload();
    public List<String> targets = new ArrayList<>();
    /** Target rate (wrk2's -R), requests per second; {@code null} when unknown (an imported run without -R). */
    public Double rate;
    public Integer connections;
    public Integer threads;
    public Double durationSeconds;
    public Long requests;
    public Double achievedRate;
    public String transferPerSecond;
    public Errors errors = new Errors();
    public Latency latency = new Latency();
    public List<SpectrumPoint> spectrum;
    /** Path of the HdrHistogram log, relative to the JSON file. */
    public String histogramLog;
    /** Flame graphs recorded during the run (./course load --profile), relative to the JSON file. */
    public List<String> profiles;
    public Environment environment;
    public Steal steal;
    /** Warnings about this result that readers must see, e.g. "target rate not met". */
    public List<String> flags = new ArrayList<>();

    public LoadRun() {
        super("load-run");
    }

    /** The latency at percentile {@code p} (e.g. 99.9), or {@code null} when the run does not have it. */
    public Double percentile(double p) {
        for (Percentile x : latency.percentiles) {
            if (Math.abs(x.p - p) < 1e-9) {
                return x.ms;
            }
        }
        return null;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Source {
        /** course-load, wrk2 (run by the kit), or wrk2-import (read from a file). */
        public String tool;
        public String file;
        public Integer block;
        public String command;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Workload {
        public String name;
        public String keyOrder;
        public Long keySpace;
        public Integer valueSize;
        public Double putRatio;
        public Integer ack;
        public Integer from;
        public String script;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Errors {
        public long connect;
        public long read;
        public long write;
        public long timeout;
        public long non2xx;
        public Map<String, Long> byStatus = new LinkedHashMap<>();

        public long total() {
            return connect + read + write + timeout + non2xx;
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Latency {
        public Double mean;
        public Double stdev;
        public Double max;
        public List<Percentile> percentiles = new ArrayList<>();
    }

    public static class Percentile {
        /** Percentile, 0..100 (99.9 is "99.900%"). */
        public double p;
        public double ms;

        public Percentile() {
        }

        public Percentile(double p, double ms) {
            this.p = p;
            this.ms = ms;
        }
    }

    public static class SpectrumPoint {
        public double ms;
        /** A fraction 0..1, as wrk2's spectrum prints it. */
        public double percentile;
        public long count;

        public SpectrumPoint() {
        }

        public SpectrumPoint(double ms, double percentile, long count) {
            this.ms = ms;
            this.percentile = percentile;
            this.count = count;
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Steal {
        /** CPU steal over the run, percent of all CPU time; {@code null} where it cannot be measured. */
        public Double percent;
        public boolean flagged;

        public static final double FLAG_ABOVE_PERCENT = 5.0;

        public static Steal of(Double percent) {
            Steal s = new Steal();
            s.percent = percent;
            s.flagged = percent != null && percent > FLAG_ABOVE_PERCENT;
            return s;
        }
    }
}
