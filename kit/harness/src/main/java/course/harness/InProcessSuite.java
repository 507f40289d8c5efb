package course.harness;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.platform.engine.DiscoveryFilter;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs tests in this JVM against one factory at one stage (the system properties the tests read are set for the
 * run and restored after it) and collects what happened to each test. In-process nodes keep the mutant check and
 * the references' public-test run fast; tests that ask for process nodes still get them.
 */
public final class InProcessSuite {
    private InProcessSuite() {}

    /**
     * One test's result; {@code test} is {@code Class#method}, or the container's name when it failed as a whole;
     * {@code cause} is what the test threw (null when it passed), for callers that report it whole; {@code took} is
     * how long it ran (zero when skipped): a dynamic test that replays an outcome would otherwise report 0 s, and
     * where the suite's time goes could not be read from the reports; {@code id} is JUnit's unique id of the test or
     * container (null where none), by which {@link #retryFailed} runs it again.
     */
    public record Outcome(String test, Status status, String message, Throwable cause, Duration took, String id) {
        public Outcome(String test, Status status, String message, Throwable cause) {
            this(test, status, message, cause, Duration.ZERO, null);
        }

        public boolean failed() {
            return status == Status.FAILED;
        }

        /** Whether {@link #retryFailed} runs it again: it failed, and JUnit gave it an id to select it by. */
        boolean runsAgain() {
            return failed() && id != null;
        }
    }

    public enum Status {
        PASSED,
        FAILED,
        SKIPPED
    }

    public static List<Outcome> run(List<? extends DiscoverySelector> selectors, String factory, int stage) {
        return run(selectors, List.of(), factory, stage);
    }

    /** As {@link #run(List, String, int)}, keeping only what {@code filters} (e.g. class name patterns) accept. */
    public static synchronized List<Outcome> run(
            List<? extends DiscoverySelector> selectors,
            List<? extends DiscoveryFilter<?>> filters,
            String factory,
            int stage) {
        try (SystemProperties forTheTests =
                SystemProperties.set(Map.of("course.factory", factory, "course.stage", String.valueOf(stage)))) {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(List.copyOf(selectors))
                    .filters(filters.toArray(DiscoveryFilter[]::new))
                    .configurationParameter("junit.jupiter.execution.timeout.default", "180 s")
                    .build();
            ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
            Map<String, Long> started = new ConcurrentHashMap<>();
            LauncherFactory.create().execute(request, new TestExecutionListener() {
                @Override
                public void executionStarted(TestIdentifier id) {
                    started.put(id.getUniqueId(), System.nanoTime());
                }

                @Override
                public void executionSkipped(TestIdentifier id, String reason) {
                    if (id.isTest()) {
                        outcomes.add(
                                new Outcome(name(id), Status.SKIPPED, reason, null, Duration.ZERO, id.getUniqueId()));
                    }
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    boolean ok = result.getStatus() == TestExecutionResult.Status.SUCCESSFUL;
                    if (id.isTest() || !ok) {
                        long since = started.getOrDefault(id.getUniqueId(), System.nanoTime());
                        outcomes.add(new Outcome(
                                name(id),
                                ok ? Status.PASSED : Status.FAILED,
                                message(result),
                                result.getThrowable().orElse(null),
                                Duration.ofNanos(System.nanoTime() - since),
                                id.getUniqueId()));
                    }
                }
            });
            return new ArrayList<>(outcomes);
        }
    }

    /**
     * {@code outcomes} with each failed test or container run once more, alone, by its unique id: in place of a failed
     * outcome stand the outcomes of its second run (a container's tests, when it was a container). A suite that failed
     * one test of a hundred on a busy machine is not run whole again to learn whether that test fails again.
     */
    public static List<Outcome> retryFailed(List<Outcome> outcomes, String factory, int stage) {
        List<Outcome> failed = outcomes.stream().filter(Outcome::runsAgain).toList();
        if (failed.isEmpty()) {
            return outcomes;
        }
        List<Outcome> again =
                run(failed.stream().map(o -> selectUniqueId(o.id())).toList(), factory, stage);
        List<Outcome> merged = new ArrayList<>();
        for (Outcome o : outcomes) {
            if (!o.runsAgain()) {
                merged.add(o);
                continue;
            }
            List<Outcome> second = again.stream()
                    .filter(a -> a.id() != null && a.id().startsWith(o.id()))
                    .toList();
            // Not run again at all (its id no longer found): its first failure stands.
            merged.addAll(second.isEmpty() ? List.of(o) : second);
        }
        return merged;
    }

    static String name(TestIdentifier id) {
        return id.getSource()
                .filter(MethodSource.class::isInstance)
                .map(s -> ((MethodSource) s).getClassName() + "#" + ((MethodSource) s).getMethodName())
                .orElse(id.getDisplayName());
    }

    private static String message(TestExecutionResult result) {
        return result.getThrowable()
                .map(t -> {
                    String text = String.valueOf(t);
                    int newline = text.indexOf('\n');
                    return newline < 0 ? text : text.substring(0, newline);
                })
                .orElse("");
    }
}
