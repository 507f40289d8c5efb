package grading.runner;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The test JVM the grader starts inside the sandbox: runs the given test packages and reports each test on stdout
 * as one line that begins with a secret the grader passed on stdin, so lines that the submission prints cannot pass
 * for results ({@link TestReports}). Progress goes to stderr.
 *
 * <p>Takes no arguments: stdin holds the report secret on its first line and then the {@link SandboxPlan} (which tests);
 * when the plan's classes are handed out, a class name a line follows, each sent after a {@link #NEXT} report, and the
 * end of stdin ends the run. Per-test timeouts come from JUnit's {@code junit.jupiter.execution.timeout.default} (a
 * system property the grader sets).
 */
public final class SandboxedTestRunner {
    /** A report that a top-level test class began (its test is the class's name): its time budget starts. */
    public static final String CLASS_STARTED = "CLASS";
    /** A report that a top-level test class is done, however it went. */
    public static final String CLASS_FINISHED = "CLASS_DONE";
    /** A report that the JVM waits for the name of the next class to run on stdin (or its end: none is left). */
    public static final String NEXT = "NEXT";

    private SandboxedTestRunner() {}

    public static void main(String[] args) throws Exception {
        SandboxStdin<SandboxPlan> stdin = SandboxStdin.read("runner", args, SandboxPlan::read);
        SandboxPlan given = stdin.plan();
        String secret = stdin.secret();
        PrintStream reports = stdin.reports();
        List<DiscoverySelector> selectors = new ArrayList<>();
        // One test method, CLASS#METHOD (the grader re-runs a failed test this way): its class is selected and the
        // method kept by a filter, since a selector by name needs the parameter types.
        for (String test : given.tests()) {
            selectors.add(selectClass(test.substring(0, test.indexOf('#'))));
        }
        for (String name : given.packages()) {
            selectors.add(selectPackage(name));
        }
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(request(given, selectors));
        TestReports.planned(plan, secret, reports);
        long begin = System.nanoTime();
        if (given.handedOut()) {
            // Every planned test is known above; each class runs when the grader names it, the next asked for when
            // it is done, whatever its tests did, so a test JVM beside this one takes the classes this one has not.
            while (true) {
                reports.println(ReportLine.line(secret, NEXT, "", "", "", 0, ""));
                String name = stdin.more().readLine();
                if (name == null || name.isBlank()) {
                    break;
                }
                TestPlan one = launcher.discover(request(given, List.of(selectClass(name.trim()))));
                launcher.execute(one, new TestReports(one, secret, reports, begin));
            }
        } else {
            launcher.execute(plan, new TestReports(plan, secret, reports, begin));
        }
        FailureFiles.send(reports, secret);
        reports.println(ReportLine.line(secret, "DONE", "", "", "", (System.nanoTime() - begin) / 1e6, ""));
        reports.flush();
        // Node JVMs are gone (the harness stops them); do not wait for non-daemon threads a submission left behind.
        Runtime.getRuntime().halt(0);
    }

    /** The discovery of {@code selectors}, narrowed as the plan says (classes ending in --only, named methods). */
    private static LauncherDiscoveryRequest request(SandboxPlan given, List<DiscoverySelector> selectors) {
        LauncherDiscoveryRequestBuilder builder =
                LauncherDiscoveryRequestBuilder.request().selectors(selectors);
        if (given.only() != null) {
            List<String> suffixes = Arrays.stream(given.only().split(","))
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
        Set<String> tests = new HashSet<>(given.tests());
        if (!tests.isEmpty()) {
            builder.filters((PostDiscoveryFilter) d -> d.getSource()
                    .filter(MethodSource.class::isInstance)
                    .map(s ->
                            tests.contains(((MethodSource) s).getClassName() + "#" + ((MethodSource) s).getMethodName())
                                    ? FilterResult.included("--test")
                                    : FilterResult.excluded("--test"))
                    .orElse(FilterResult.included("container")));
        }
        return builder.build();
    }
}
