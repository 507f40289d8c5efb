package grading;

import grading.runner.ReportLine;
import java.util.LinkedHashMap;
import java.util.Map;

/** A test JVM's run that ended normally, as the grader's tests of scoring need one: each result planned, untagged. */
final class FinishedRun {
    private FinishedRun() {}

    /** The run that reported these lines, in this order, each test planned with no tags. */
    static TestJvm.Outcome of(ReportLine... lines) {
        Map<String, String> planned = new LinkedHashMap<>();
        Map<String, ReportLine> results = new LinkedHashMap<>();
        for (ReportLine line : lines) {
            planned.put(line.test(), "");
            results.put(line.test(), line);
        }
        return new TestJvm.Outcome(planned, results, true, false, 0, "", 1, 0, Map.of(), null);
    }
}
