package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One test's outcome, as a student or the grader sees it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class TestResult {
    public String name;
    public int stage;
    public String category;
    /** passed, failed, error or skipped. */
    public String outcome;
    public String message;
    /** visible, hidden-until-due or never. */
    public String visibility = "visible";
    public Double durationMs;
    /**
     * Set when the test did not pass and was run once more with the same seed: how that first run went. Outcome and
     * message above are then the second run's; a test that passed the second time was flaky.
     */
    public Attempt firstRun;

    /** One run of a test. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Attempt {
        public String outcome;
        public String message;
        public Double durationMs;
    }
}
