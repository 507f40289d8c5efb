package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/** A graded submission: score with its breakdown, every test, and performance next to the reference. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Grade extends ResultDocument {
    public Score score = new Score();
    public List<TestResult> tests = new ArrayList<>();
    public Performance performance;
    public List<String> notes = new ArrayList<>();
    public Environment environment;
    public Double durationSeconds;
    /** The seed of every random choice of the tests: {@code ./course grade --seed} with it replays the grade. */
    public Long seed;
    /**
     * Whether the tests ran in the grader's bubblewrap sandbox; {@code null} when no test ran. Records of grades on a
     * busy machine read it: the sandbox changes how the kernel shares the CPUs with other processes.
     */
    public Boolean sandboxed;

    public Grade() {
        super("grade");
    }

    public static class Score {
        public double earned;
        public double max;
        public List<Part> breakdown = new ArrayList<>();
    }

    public static class Part {
        public String category;
        public double earned;
        public double max;
    }

    /**
     * Both sides of the performance run. A ratio is published only when it was measured on a machine that was not
     * busy: a side whose search ran on a contended CPU is measured once more, and when it is contended again the
     * grade has no ratio, says why in {@link #notMeasured}, and keeps every measurement in {@link #attempts}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Performance {
        /** The run at each side's sustained rate, of its last measurement (null when no step met the SLO). */
        public LoadRun submission;
        public LoadRun reference;
        /** Submission's sustained rate over the reference's, measured in the same run; null when not measured. */
        public Double ratio;
        /** Why there is no ratio although both sides ran (null when there is one, or a side failed: see the notes). */
        public NotMeasured notMeasured;
        /** Every measurement of each side, in the order they ran (empty in grades older than this field). */
        public List<Attempt> attempts = new ArrayList<>();

        /**
         * The ratio a leaderboard may show, or {@code null}: one measured, with no {@link #notMeasured} reason and
         * neither side's sustained run flagged for CPU contention (grades written before the rerun rule may carry
         * such a ratio; sitegen's comparison page reads grades by the same rule).
         */
        public Double publishedRatio() {
            if (ratio == null || notMeasured != null || contended(submission) || contended(reference)) {
                return null;
            }
            return ratio;
        }

        private static boolean contended(LoadRun run) {
            return run != null && run.flagged(LoadRun.Flag.CONTENTION);
        }
    }

    /** Why a grade has no performance ratio. */
    public static class NotMeasured {
        /** The CPU was contended during both measurements of a side: its numbers are the machine's, not the code's. */
        public static final String BUSY = "busy";

        public String reason;
        /** What was seen: each side's rate and which of its steps were contended, with the measures. */
        public String message;

        public NotMeasured() {
        }

        public NotMeasured(String reason, String message) {
            this.reason = reason;
            this.message = message;
        }
    }

    /** One measurement of one side: what it found, and whether the CPU was contended while it ran. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Attempt {
        public static final String SUBMISSION = "submission";
        public static final String REFERENCE = "reference";

        /** submission or reference. */
        public String side;
        /** The sustained rate it found; null when no step met the SLO or it did not finish. */
        public Double sustainedRate;
        /** Whether it is not trusted: a step still contended after its repeat, or others' CPU seen from outside. */
        public boolean contended;
        /** The target rates of its steps whose kept run was still flagged for contention. */
        public List<Double> contendedSteps = new ArrayList<>();
        /**
         * Who else used the CPUs while it ran, measured by the grader outside the sandbox (inside, other processes
         * are invisible: the sandbox has a pid namespace of its own); null where not measured.
         */
        public LoadRun.Contention outside;
        /** Why it found no rate (time limit, a failure); null when it finished. */
        public String problem;
    }
}
