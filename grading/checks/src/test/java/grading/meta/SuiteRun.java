package grading.meta;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import course.harness.SystemProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs a package of tests against a given factory and stage in this JVM and collects each test's outcome. */
record SuiteRun(int started, List<Outcome> outcomes) {
    record Outcome(String name, boolean passed, String message) {}

    static synchronized SuiteRun of(String testPackage, String factory, int stage) {
        try (SystemProperties forTheTests =
                SystemProperties.set(Map.of("course.factory", factory, "course.stage", String.valueOf(stage)))) {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectPackage(testPackage))
                    .build();
            ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, new TestExecutionListener() {
                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    if (!id.isTest()) {
                        if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                            // A container that failed (e.g. class setup) fails all its tests at once.
                            outcomes.add(new Outcome(id.getDisplayName(), false, message(result)));
                        }
                        return;
                    }
                    outcomes.add(new Outcome(
                            id.getLegacyReportingName(),
                            result.getStatus() == TestExecutionResult.Status.SUCCESSFUL,
                            message(result)));
                }
            });
            return new SuiteRun(outcomes.size(), new ArrayList<>(outcomes));
        }
    }

    private static String message(TestExecutionResult result) {
        return result.getThrowable()
                .map(t -> {
                    StringBuilder sb = new StringBuilder(String.valueOf(t));
                    for (Throwable c = t.getCause(); c != null; c = c.getCause()) {
                        sb.append(" / caused by ").append(c);
                    }
                    return sb.toString();
                })
                .orElse("");
    }
}
