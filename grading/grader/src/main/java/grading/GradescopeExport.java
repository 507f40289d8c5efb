package grading;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import course.results.Grade;
import course.results.Results;
import course.results.TestResult;
import java.util.Map;

/**
 * Gradescope's results.json from a grade document: one function over it and the points each test was worth
 * ({@link TestOutcome#worth}); visibility maps to Gradescope's ("visible", "after_due_date", "hidden"), and the
 * leaderboard shows the points and, when measured on a machine that was not busy, the performance ratio
 * ({@link Grade.Performance#publishedRatio}).
 */
final class GradescopeExport {
    private GradescopeExport() {}

    static String toJson(Grade grade, Map<String, Double> pointsPerTest) {
        ObjectNode root = Results.mapper().createObjectNode();
        root.put("score", grade.score().earned());
        root.put(
                "execution_time",
                grade.durationSeconds() == null ? 0 : grade.durationSeconds().intValue());
        root.put("output", String.join("\n", grade.notes()));
        ArrayNode tests = root.putArray("tests");
        for (TestResult t : grade.tests()) {
            double max = pointsPerTest.getOrDefault(t.name(), 0.0);
            ObjectNode n = tests.addObject();
            n.put("name", t.name());
            n.put("score", "passed".equals(t.outcome()) ? max : 0);
            n.put("max_score", max);
            n.put(
                    "output",
                    t.outcome()
                            + (t.message() == null || t.message().isEmpty() ? "" : ": " + t.message())
                            + (t.firstRun() == null
                                    ? ""
                                    : "\n(run twice with the same seed; the first run: "
                                            + t.firstRun().outcome()
                                            + (t.firstRun().message() == null
                                                    ? ""
                                                    : ": " + t.firstRun().message())
                                            + ")"));
            n.put(
                    "visibility",
                    switch (t.visibility()) {
                        case "hidden-until-due" -> "after_due_date";
                        case "never" -> "hidden";
                        default -> "visible";
                    });
            if (t.category() != null) {
                n.putArray("tags").add(t.category());
            }
        }
        // Gradescope's leaderboard: the points, and how the node kept up with the reference when that was measured
        // on a machine that was not busy (a contended ratio is the machine's; the notes in "output" say why not).
        ArrayNode board = root.putArray("leaderboard");
        board.addObject()
                .put("name", "points")
                .put("value", grade.score().earned())
                .put("order", "desc");
        Double ratio = grade.performance() == null ? null : grade.performance().publishedRatio();
        if (ratio != null) {
            board.addObject()
                    .put("name", "sustained rate / reference's")
                    .put("value", ratio)
                    .put("order", "desc");
        }
        try {
            return Results.mapper().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
