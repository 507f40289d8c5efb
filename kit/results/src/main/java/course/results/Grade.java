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

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Performance {
        public LoadRun submission;
        public LoadRun reference;
        /** Submission's sustained rate over the reference's, measured in the same run. */
        public Double ratio;
    }
}
