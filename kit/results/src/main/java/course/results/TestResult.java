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
}
