package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One load run: what was sent, at what rate, and the latency distribution that came back. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "kind", "createdAt", "student", "factory", "factorySource", "stage", "label"})
public class LoadRun extends AuthoredDocument {
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
    /** What else ran on the CPUs during the run, and whether the vCPUs were kept busy; absent for imported runs. */
    public Contention contention;
    /** The unrecorded warm-up before the run; absent for imported runs and runs older than warm-ups. */
    public Warmup warmup;
    /** Warnings about this result that readers must see, e.g. "target rate not met", each with its kind. */
    public List<Flag> flags = new ArrayList<>();

    public LoadRun() {
        super("load-run");
    }

    /** Adds a warning of this kind (see {@link Flag}). */
    public void flag(String kind, String message) {
        flags.add(new Flag(kind, message));
    }

    /** The warnings' sentences, in order. */
    public List<String> flagMessages() {
        return flags.stream().map(f -> f.message).toList();
    }

    /** Whether a warning of this kind was raised. */
    public boolean flagged(String kind) {
        return flags.stream().anyMatch(f -> kind.equals(f.kind));
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

        public Percentile() {}

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

        public SpectrumPoint() {}

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

    /**
     * One warning: its kind, so programs can act on it (the saturation search repeats a {@code contention} step),
     * and one human sentence with the numbers.
     */
    public static class Flag {
        /** The CPU was taken by others during the run (pressure, steal or other processes past a threshold). */
        public static final String CONTENTION = "contention";
        /** The run's own generator and server kept the CPUs busy: latencies include waiting for a CPU. */
        public static final String CPU_SATURATED = "cpu-saturated";
        /** Mostly answers the workload does not expect (404 on a GET of filled keys, 5xx, timeouts). */
        public static final String UNEXPECTED_STATUS = "unexpected-status";
        /** The generator itself sent requests late while their connection was free. */
        public static final String GENERATOR_BEHIND = "generator-behind";

        public static final String RATE_NOT_MET = "rate-not-met";
        public static final String STEAL = "steal";
        /** Something the wrk2 importer had to infer or could not read. */
        public static final String IMPORT = "import";

        public String kind;
        public String message;

        public Flag() {}

        public Flag(String kind, String message) {
            this.kind = kind;
            this.message = message;
        }

        @Override
        public String toString() {
            return kind + ": " + message;
        }
    }

    /**
     * Who else used the CPUs during the run: the "some" share of /proc/pressure/cpu, steal, and the CPU time of
     * processes other than the generator and the target JVM(s); {@code null} (written out, so readers see "not
     * measured") where this machine cannot tell.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public static class Contention {
        public Double psiCpuSomePercent;
        public Double stealPercent;
        public Double otherProcessesCpuSeconds;
        /** Of all CPUs over the run's wall time: 100 means every CPU was busy with other processes. */
        public Double otherProcessesCpuPercent;
        /** Above these the run is flagged (percent). */
        public Thresholds thresholds = new Thresholds();

        public Stabilize stabilize;
        /** What could not be measured here, and why. */
        public List<String> notes = new ArrayList<>();
        /** The pids counted as the target (not as other processes). */
        public List<Long> targetPids = new ArrayList<>();

        /** A reading of the four measures (percent, except CPU seconds), default thresholds, nothing noted. */
        public static Contention of(
                Double psiCpuSomePercent,
                Double stealPercent,
                Double otherProcessesCpuSeconds,
                Double otherProcessesCpuPercent) {
            Contention c = new Contention();
            c.psiCpuSomePercent = psiCpuSomePercent;
            c.stealPercent = stealPercent;
            c.otherProcessesCpuSeconds = otherProcessesCpuSeconds;
            c.otherProcessesCpuPercent = otherProcessesCpuPercent;
            return c;
        }
    }

    public static class Thresholds {
        public double psiCpuSomePercent;
        public double stealPercent;
        public double otherProcessesCpuPercent;
    }

    /**
     * Whether the vCPUs were kept from halting during the run, and why.
     *
     * @param mode     auto (decided by a steal probe), on (--stabilize) or off (--no-stabilize)
     * @param decision stabilized or plain
     * @param evidence the measurement the decision stands on, in one sentence
     */
    public record Stabilize(String mode, String decision, String evidence) {}
}
