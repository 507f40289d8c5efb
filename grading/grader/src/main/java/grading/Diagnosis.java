package grading;

import course.results.TestResult;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** One line for the grade that names the likely reason when most tests failed the same way. */
final class Diagnosis {
    private Diagnosis() {}

    static Optional<String> explain(List<TestResult> tests, TestJvm.Outcome run) {
        if (run.timedOut()) {
            return Optional.of("the submission hangs or is too slow: the run was stopped after "
                    + Math.round(run.seconds()) + " s");
        }
        long notPassed = GradeCommand.notPassed(tests).size();
        if (tests.isEmpty() || notPassed == 0) {
            return Optional.empty();
        }
        long notStarting = tests.stream()
                .map(TestResult::message)
                .filter(m -> m != null
                        && (m.contains("did not print READY")
                                || m.contains("before it was ready")
                                || m.contains("failed to start")
                                || m.contains("could not start a cluster")))
                .count();
        if (notStarting * 2 >= notPassed) {
            String first = tests.stream()
                    .map(TestResult::message)
                    .filter(m -> m != null && (m.contains("READY") || m.contains("start")))
                    .findFirst()
                    .orElse("");
            return Optional.of("the submission's node does not start in " + notStarting + " test(s); the first: "
                    + firstLines(first, 6));
        }
        long noAnswer = tests.stream()
                .map(TestResult::message)
                .filter(m -> m != null && m.contains("no answer within"))
                .count();
        if (noAnswer * 2 >= notPassed) {
            return Optional.of("the submission does not answer requests in time in " + noAnswer + " test(s)");
        }
        return Optional.empty();
    }

    static String firstLines(String s, int n) {
        String[] lines = s.split("\n");
        return String.join("\n", Arrays.copyOf(lines, Math.min(n, lines.length)));
    }
}
