package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One test's outcome, as a student or the grader sees it.
 *
 * @param outcome passed, failed, error or skipped
 * @param visibility visible, hidden-until-due or never (visible when a document leaves it out)
 * @param firstRun set when the test did not pass and was run once more with the same seed: how that first run went.
 *     Outcome and message are then the second run's; a test that passed the second time was flaky.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"name", "stage", "category", "outcome", "message", "visibility", "durationMs", "firstRun"})
public record TestResult(
        String name,
        int stage,
        String category,
        String outcome,
        String message,
        String visibility,
        Double durationMs,
        Attempt firstRun) {
    public TestResult {
        visibility = visibility == null ? "visible" : visibility;
    }

    /** One run of a test. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"outcome", "message", "durationMs"})
    public record Attempt(String outcome, String message, Double durationMs) {}
}
