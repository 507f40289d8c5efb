package grading.runner;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The test JVM the grader starts inside the sandbox: runs the given test packages and reports each test on stdout
 * as one line that begins with a secret the grader passed on stdin, so lines that the submission prints cannot pass
 * for results. Progress goes to stderr.
 *
 * <p>Takes no arguments: stdin holds the report secret on its first line and then the {@link SandboxPlan} (which tests);
 * per-test timeouts come from JUnit's {@code junit.jupiter.execution.timeout.default} (a system property the grader
 * sets).
 */
public final class SandboxedTestRunner {
    /** A report that a top-level test class began (its test is the class's name): its time budget starts. */
    public static final String CLASS_STARTED = "CLASS";
    /** A report that a top-level test class is done, however it went. */
    public static final String CLASS_FINISHED = "CLASS_DONE";

    private SandboxedTestRunner() {}

    public static void main(String[] args) throws Exception {
        SandboxStdin<SandboxPlan> stdin = SandboxStdin.read("runner", args, SandboxPlan::read);
        SandboxPlan given = stdin.plan();
        String secret = stdin.secret();
        PrintStream reports = stdin.reports();
        List<DiscoverySelector> selectors = new ArrayList<>();
        String only = given.only();
        Set<String> tests = new HashSet<>(given.tests());
        // One test method, CLASS#METHOD (the grader re-runs a failed test this way): its class is selected and the
        // method kept by a filter, since a selector by name needs the parameter types.
        for (String test : given.tests()) {
            selectors.add(selectClass(test.substring(0, test.indexOf('#'))));
        }
        for (String name : given.packages()) {
            selectors.add(selectPackage(name));
        }
        LauncherDiscoveryRequestBuilder builder =
                LauncherDiscoveryRequestBuilder.request().selectors(selectors);
        if (only != null) {
            List<String> suffixes = Arrays.stream(only.split(","))
                    .map(String::trim)
                    .filter(x -> !x.isEmpty())
                    .toList();
            builder.filters((PostDiscoveryFilter) d -> d.getSource()
                    .filter(MethodSource.class::isInstance)
                    .map(s -> suffixes.stream().anyMatch(((MethodSource) s).getClassName()::endsWith)
                            ? FilterResult.included("--only")
                            : FilterResult.excluded("--only"))
                    .orElse(FilterResult.included("container")));
        }
        if (!tests.isEmpty()) {
            builder.filters((PostDiscoveryFilter) d -> d.getSource()
                    .filter(MethodSource.class::isInstance)
                    .map(s ->
                            tests.contains(((MethodSource) s).getClassName() + "#" + ((MethodSource) s).getMethodName())
                                    ? FilterResult.included("--test")
                                    : FilterResult.excluded("--test"))
                    .orElse(FilterResult.included("container")));
        }
        LauncherDiscoveryRequest request = builder.build();
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(request);
        Set<String> planned = ConcurrentHashMap.newKeySet();
        plan.getRoots()
                .forEach(root -> plan.getDescendants(root).stream()
                        .filter(SandboxedTestRunner::graded)
                        .forEach(t -> {
                            planned.add(id(t));
                            reports.println(ReportLine.line(secret, "PLAN", id(t), tags(t), "", 0, ""));
                        }));
        long begin = System.nanoTime();
        ConcurrentHashMap<String, Long> started = new ConcurrentHashMap<>();
        launcher.execute(plan, new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier t) {
                if (topLevelClass(plan, t) != null) {
                    // the grader times each class against its budget from here (its cluster's start included)
                    reports.println(ReportLine.line(secret, CLASS_STARTED, topLevelClass(plan, t), "", "", 0, ""));
                }
                if (t.isTest()) {
                    started.put(t.getUniqueId(), System.nanoTime());
                    System.err.printf("[%5.1f s] running %s%n", (System.nanoTime() - begin) / 1e9, id(t));
                }
            }

            @Override
            public void executionSkipped(TestIdentifier t, String reason) {
                for (TestIdentifier test : testsUnder(plan, t)) {
                    reports.println(ReportLine.line(secret, "RESULT", id(test), tags(test), "skipped", 0, reason));
                }
            }

            @Override
            public void executionFinished(TestIdentifier t, TestExecutionResult result) {
                if (topLevelClass(plan, t) != null) {
                    reports.println(ReportLine.line(secret, CLASS_FINISHED, topLevelClass(plan, t), "", "", 0, ""));
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
                            "[%5.1f s] %-7s %s (%.1f s)%n",
                            (System.nanoTime() - begin) / 1e9, outcome, id(t), ms / 1000);
                    reports.println(ReportLine.line(secret, "RESULT", id(t), tags(t), outcome, ms, message(result)));
                } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                    // A class that failed before its tests (setup, a missing cluster), or a parameterized method
                    // whose invocations could not be made, fails each of its tests.
                    for (TestIdentifier test : testsUnder(plan, t)) {
                        reports.println(
                                ReportLine.line(secret, "RESULT", id(test), tags(test), "error", 0, message(result)));
                    }
                }
            }
        });
        FailureFiles.send(reports, secret);
        reports.println(ReportLine.line(secret, "DONE", "", "", "", (System.nanoTime() - begin) / 1e6, ""));
        reports.flush();
        // Node JVMs are gone (the harness stops them); do not wait for non-daemon threads a submission left behind.
        Runtime.getRuntime().halt(0);
    }

    /** The name of the class {@code t} stands for when it is a top-level test class (not nested), else null. */
    private static String topLevelClass(TestPlan plan, TestIdentifier t) {
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

    private static List<TestIdentifier> testsUnder(TestPlan plan, TestIdentifier t) {
        if (graded(t)) {
            return List.of(t);
        }
        return plan.getDescendants(t).stream()
                .filter(SandboxedTestRunner::graded)
                .toList();
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
