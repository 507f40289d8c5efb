package grading.runner;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * What the sandboxed test JVM says of a test plan as it runs: on the reports' stream, a line for each top-level class
 * that begins and ends (the grader times it against its budget) and for each graded test's result; on stderr, a
 * progress line for each test that begins and ends.
 */
final class TestReports implements TestExecutionListener {
    private final TestPlan plan;
    private final String secret;
    private final PrintStream reports;
    private final long begin;
    private final ConcurrentHashMap<String, Long> started = new ConcurrentHashMap<>();

    /** Reports on {@code plan}'s run with lines that begin with {@code secret}; progress times count from begin. */
    TestReports(TestPlan plan, String secret, PrintStream reports, long begin) {
        this.plan = plan;
        this.secret = secret;
        this.reports = reports;
        this.begin = begin;
    }

    /** A PLAN line for each test the plan grades, before any runs: a test that never reports is then known. */
    static void planned(TestPlan plan, String secret, PrintStream reports) {
        plan.getRoots()
                .forEach(root -> plan.getDescendants(root).stream()
                        .filter(TestReports::graded)
                        .forEach(t -> reports.println(ReportLine.line(secret, "PLAN", id(t), tags(t), "", 0, ""))));
    }

    @Override
    public void executionStarted(TestIdentifier t) {
        if (topLevelClass(t) != null) {
            // the grader times each class against its budget from here (its cluster's start included)
            reports.println(
                    ReportLine.line(secret, SandboxedTestRunner.CLASS_STARTED, topLevelClass(t), "", "", 0, ""));
        }
        if (t.isTest()) {
            started.put(t.getUniqueId(), System.nanoTime());
            System.err.printf("[%5.1f s] running %s%n", (System.nanoTime() - begin) / 1e9, id(t));
        }
    }

    @Override
    public void executionSkipped(TestIdentifier t, String reason) {
        for (TestIdentifier test : testsUnder(t)) {
            reports.println(ReportLine.line(secret, "RESULT", id(test), tags(test), "skipped", 0, reason));
        }
    }

    @Override
    public void executionFinished(TestIdentifier t, TestExecutionResult result) {
        if (topLevelClass(t) != null) {
            reports.println(
                    ReportLine.line(secret, SandboxedTestRunner.CLASS_FINISHED, topLevelClass(t), "", "", 0, ""));
        }
        if (t.isTest()) {
            double ms = (System.nanoTime() - started.getOrDefault(t.getUniqueId(), System.nanoTime())) / 1e6;
            String outcome = switch (result.getStatus()) {
                case SUCCESSFUL -> "passed";
                case ABORTED -> "skipped";
                case FAILED ->
                    result.getThrowable()
                                    .filter(AssertionError.class::isInstance)
                                    .isPresent()
                            ? "failed"
                            : "error";
            };
            System.err.printf(
                    "[%5.1f s] %-7s %s (%.1f s)%n", (System.nanoTime() - begin) / 1e9, outcome, id(t), ms / 1000);
            reports.println(ReportLine.line(secret, "RESULT", id(t), tags(t), outcome, ms, message(result)));
        } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
            // A class that failed before its tests (setup, a missing cluster), or a parameterized method whose
            // invocations could not be made, fails each of its tests.
            for (TestIdentifier test : testsUnder(t)) {
                reports.println(ReportLine.line(secret, "RESULT", id(test), tags(test), "error", 0, message(result)));
            }
        }
    }

    /** The name of the class {@code t} stands for when it is a top-level test class (not nested), else null. */
    private String topLevelClass(TestIdentifier t) {
        boolean topLevel = t.isContainer()
                && plan.getParent(t)
                        .map(parent -> plan.getParent(parent).isEmpty())
                        .orElse(false);
        return topLevel
                ? t.getSource()
                        .filter(ClassSource.class::isInstance)
                        .map(s -> ((ClassSource) s).getClassName())
                        .orElse(null)
                : null;
    }

    private List<TestIdentifier> testsUnder(TestIdentifier t) {
        if (graded(t)) {
            return List.of(t);
        }
        return plan.getDescendants(t).stream().filter(TestReports::graded).toList();
    }

    /**
     * What the grade counts as one test: a test method, or a parameterized (or repeated) method as a whole. The
     * invocations of the latter exist only once it runs, so they are not in the plan; each reports under the
     * method's id and the grader keeps the worst of them.
     */
    private static boolean graded(TestIdentifier t) {
        return t.isTest()
                || (t.isContainer()
                        && t.getSource().filter(MethodSource.class::isInstance).isPresent());
    }

    static String id(TestIdentifier t) {
        return t.getSource()
                .filter(MethodSource.class::isInstance)
                .map(MethodSource.class::cast)
                .map(m -> m.getClassName() + "#" + m.getMethodName())
                .orElse(t.getDisplayName());
    }

    private static String tags(TestIdentifier t) {
        return t.getTags().stream().map(TestTag::getName).collect(Collectors.joining(","));
    }

    // a Throwable that is its own cause ends the chain: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    private static String message(TestExecutionResult result) {
        return result.getThrowable()
                .map(t -> {
                    StringBuilder sb = new StringBuilder(String.valueOf(t));
                    for (Throwable c = t.getCause(); c != null && c != t; c = c.getCause()) {
                        sb.append("\ncaused by: ").append(c);
                    }
                    for (Throwable s : t.getSuppressed()) {
                        sb.append("\n").append(s.getMessage());
                    }
                    return sb.toString();
                })
                .orElse("");
    }
}
