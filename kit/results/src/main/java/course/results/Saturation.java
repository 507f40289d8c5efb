package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/** A saturation search: the steps tried and the highest rate that met the SLO. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "kind", "createdAt", "student", "factory", "factorySource", "stage", "label"})
public class Saturation extends AuthoredDocument {
    public Slo slo = new Slo();
    public List<Step> steps = new ArrayList<>();
    public Result result = new Result();
    /** The one unrecorded warm-up before the first step. */
    public Warmup warmup;

    public Environment environment;

    public Saturation() {
        super("saturation");
    }

    public static class Slo {
        /** The achieved rate must be at least this fraction of the target. */
        public double minAchievedFraction = 0.99;

        public double p99Ms = 10.0;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Step {
        public double rate;
        public double achievedRate;
        public double p99Ms;
        public boolean passed;
        /** The step's own load-run JSON, relative to this file. */
        public String file;
        /** The warnings of the run this row stands for. */
        public List<LoadRun.Flag> flags;
        /** Who else used the CPUs during the run this row stands for (what its contention flag was judged from). */
        public LoadRun.Contention contention;
        /** How many runs of this rate before it were thrown away because the CPU was contended. */
        public Integer repeatedForContention;

        /** Whether the run this row stands for was flagged for CPU contention (even after its repeats). */
        public boolean contended() {
            return flags != null && flags.stream().anyMatch(f -> LoadRun.Flag.CONTENTION.equals(f.kind));
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Result {
        /**
         * The highest target rate that met the SLO; {@code null} when no step met it. Written even when null: the
         * schema requires it, so "no rate" is said, not left out.
         */
        @JsonInclude(JsonInclude.Include.ALWAYS)
        public Double sustainedRate;

        public String note;
    }

    /**
     * The steps whose kept run was still flagged for CPU contention after the search ran them again: their pass or
     * miss says as much about the machine as about the server, and so does a sustained rate found through them.
     */
    public List<Step> contendedSteps() {
        return steps.stream().filter(Step::contended).toList();
    }
}
