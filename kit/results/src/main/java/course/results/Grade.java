package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * A graded submission: score with its breakdown, every test, and performance next to the reference. Immutable: the
 * grader builds it once, from what each step of a grade returned ({@link #builder()}), and readers get it whole from
 * {@link Results#read}. The header fields are the ones every results document starts with ({@link ResultDocument}),
 * in the same order, so a grade's JSON is what it was when Grade was a ResultDocument filled in place.
 *
 * @param seed the seed of every random choice of the tests: {@code ./course grade --seed} with it replays the grade
 * @param sandboxed whether the tests ran in the grader's bubblewrap sandbox; {@code null} when no test ran. Records of
 *     grades on a busy machine read it: the sandbox changes how the kernel shares the CPUs with other processes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "schema",
    "kind",
    "createdAt",
    "student",
    "stage",
    "label",
    "score",
    "tests",
    "performance",
    "notes",
    "environment",
    "durationSeconds",
    "seed",
    "sandboxed"
})
public record Grade(
        String schema,
        String kind,
        String createdAt,
        String student,
        Integer stage,
        String label,
        Score score,
        List<TestResult> tests,
        Performance performance,
        List<String> notes,
        Environment environment,
        Double durationSeconds,
        Long seed,
        Boolean sandboxed)
        implements Document {
    public static final String KIND = "grade";

    /** Lists a document leaves out (older grades, hand-written ones) read as empty, as the mutable Grade's did. */
    public Grade {
        score = score == null ? Score.NONE : score;
        tests = tests == null ? List.of() : List.copyOf(tests);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** This grade with another performance part, for readers that set a case up from a grade they have. */
    public Grade withPerformance(Performance p) {
        return new Grade(
                schema,
                kind,
                createdAt,
                student,
                stage,
                label,
                score,
                tests,
                p,
                notes,
                environment,
                durationSeconds,
                seed,
                sandboxed);
    }

    /** Points earned of the points there were, and how they split by category. */
    @JsonPropertyOrder({"earned", "max", "breakdown"})
    public record Score(double earned, double max, List<Part> breakdown) {
        /** No points of none: a grade before anything was scored. */
        public static final Score NONE = new Score(0, 0, List.of());

        public Score {
            breakdown = breakdown == null ? List.of() : List.copyOf(breakdown);
        }
    }

    /** One category's points. */
    @JsonPropertyOrder({"category", "earned", "max"})
    public record Part(String category, double earned, double max) {}

    /**
     * Both sides of the performance run. A ratio is published only when it was measured on a machine that was not
     * busy: a side whose search ran on a contended CPU is measured once more, and when it is contended again the
     * grade has no ratio, says why in {@link #notMeasured}, and keeps every measurement in {@link #attempts}.
     *
     * @param submission the run at the submission's sustained rate, of its last measurement (null when no step met
     *     the SLO); {@code reference} the same for the reference
     * @param ratio submission's sustained rate over the reference's; null when not measured
     * @param ratioRange how sure the ratio is: between which values it lies by the two searches' steps (null when
     *     there is no ratio)
     * @param notMeasured why there is no ratio although both sides ran (null when there is one, or a side failed: see
     *     the notes)
     * @param attempts every measurement of each side, in the order they ran (empty in grades older than this field)
     * @param referenceReusedFrom when the reference's figures are an earlier grade's on the same machine (nothing they
     *     depend on had changed), the time they were measured; null when the reference was measured in this grade
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "submission",
        "reference",
        "ratio",
        "ratioRange",
        "notMeasured",
        "attempts",
        "referenceReusedFrom"
    })
    public record Performance(
            LoadRun submission,
            LoadRun reference,
            Double ratio,
            RatioRange ratioRange,
            NotMeasured notMeasured,
            List<Attempt> attempts,
            String referenceReusedFrom) {
        public Performance {
            attempts = attempts == null ? List.of() : List.copyOf(attempts);
        }

        /** Both sides measured in this grade, with no range given. */
        public Performance(
                LoadRun submission, LoadRun reference, Double ratio, NotMeasured notMeasured, List<Attempt> attempts) {
            this(submission, reference, ratio, null, notMeasured, attempts, null);
        }

        public Performance withRatio(Double r) {
            return new Performance(submission, reference, r, ratioRange, notMeasured, attempts, referenceReusedFrom);
        }

        public Performance withNotMeasured(NotMeasured why) {
            return new Performance(submission, reference, ratio, ratioRange, why, attempts, referenceReusedFrom);
        }

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

    /**
     * Between which values a ratio lies by the searches that found it: each side's sustained rate is its highest
     * step that met the SLO, and its capacity lies below its lowest missed step above that. {@code low} is the
     * submission's rate over the reference's lowest miss, {@code high} the submission's lowest miss over the
     * reference's rate; either is null where that side's search missed no step above its rate (no bound).
     */
    @JsonPropertyOrder({"low", "high"})
    public record RatioRange(Double low, Double high) {}

    /**
     * Why a grade has no performance ratio.
     *
     * @param message what was seen: each side's rate and which of its steps were contended, with the measures
     */
    @JsonPropertyOrder({"reason", "message"})
    public record NotMeasured(String reason, String message) {
        /** The CPU was contended during both measurements of a side: its numbers are the machine's, not the code's. */
        public static final String BUSY = "busy";
    }

    /**
     * One measurement of one side: what it found, and whether the CPU was contended while it ran.
     *
     * @param side submission or reference
     * @param sustainedRate the sustained rate it found; null when no step met the SLO or it did not finish
     * @param contended whether it is not trusted: a step still contended after its repeat, or others' CPU seen from
     *     outside
     * @param contendedSteps the target rates of its steps whose kept run was still flagged for contention
     * @param outside who else used the CPUs while it ran, measured by the grader outside the sandbox (inside, other
     *     processes are invisible: the sandbox has a pid namespace of its own); null where not measured
     * @param problem why it found no rate (time limit, a failure); null when it finished
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"side", "sustainedRate", "contended", "contendedSteps", "outside", "problem"})
    public record Attempt(
            String side,
            Double sustainedRate,
            boolean contended,
            List<Double> contendedSteps,
            LoadRun.Contention outside,
            String problem) {
        public static final String SUBMISSION = "submission";
        public static final String REFERENCE = "reference";

        public Attempt {
            contendedSteps = contendedSteps == null ? List.of() : List.copyOf(contendedSteps);
        }
    }

    /**
     * Names each part of a grade, so the one place that makes a grade (and a test that sets up a case) reads as what
     * it holds rather than fourteen arguments in a row. Unnamed parts are as a new results document has them.
     */
    public static final class Builder {
        private String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        private String student;
        private Integer stage;
        private Score score = Score.NONE;
        private List<TestResult> tests = List.of();
        private Performance performance;
        private List<String> notes = List.of();
        private Environment environment;
        private Double durationSeconds;
        private Long seed;
        private Boolean sandboxed;

        private Builder() {}

        public Builder createdAt(String at) {
            createdAt = at;
            return this;
        }

        public Builder student(String name) {
            student = name;
            return this;
        }

        public Builder stage(Integer number) {
            stage = number;
            return this;
        }

        public Builder score(Score s) {
            score = s;
            return this;
        }

        public Builder tests(List<TestResult> results) {
            tests = results;
            return this;
        }

        public Builder performance(Performance p) {
            performance = p;
            return this;
        }

        public Builder notes(List<String> lines) {
            notes = lines;
            return this;
        }

        public Builder environment(Environment e) {
            environment = e;
            return this;
        }

        public Builder durationSeconds(Double seconds) {
            durationSeconds = seconds;
            return this;
        }

        public Builder seed(Long s) {
            seed = s;
            return this;
        }

        public Builder sandboxed(Boolean inSandbox) {
            sandboxed = inSandbox;
            return this;
        }

        public Grade build() {
            return new Grade(
                    ResultDocument.SCHEMA,
                    KIND,
                    createdAt,
                    student,
                    stage,
                    null,
                    score,
                    tests,
                    performance,
                    notes,
                    environment,
                    durationSeconds,
                    seed,
                    sandboxed);
        }
    }
}
