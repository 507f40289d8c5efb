package course.harness;

import course.runtime.Submission;
import java.io.IOException;
import java.lang.reflect.AnnotatedElement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Resolves {@link Cluster} (laid out by {@link WithCluster}) and {@link Seed} parameters, adds the seed and the
 * nodes' logs to a failing test's message, and stops everything afterwards.
 */
public final class ClusterExtension implements ParameterResolver, AfterEachCallback, TestExecutionExceptionHandler {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ClusterExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Cluster.class || type == Seed.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(NS);
        if (parameter.getParameter().getType() == Seed.class) {
            return store.getOrComputeIfAbsent("seed", k -> Seed.fromSystemOrNew(), Seed.class);
        }
        return store.getOrComputeIfAbsent("cluster", k -> clusterFor(context), Cluster.class);
    }

    /** The test's own cluster, or the class's ({@link WithCluster#perClass()}), which the test then borrows. */
    private static Cluster clusterFor(ExtensionContext context) {
        Optional<WithCluster> onMethod = context.getElement().flatMap(ClusterExtension::spec);
        WithCluster spec = onMethod.or(() -> context.getTestClass().flatMap(ClusterExtension::spec))
                .orElseThrow(() -> new ParameterResolutionException("a Cluster parameter needs @WithCluster"));
        if (onMethod.isPresent() || !spec.perClass()) {
            return newCluster(spec, context.getRequiredTestMethod().getName());
        }
        ClassCluster shared = classContext(context)
                .getStore(NS)
                .getOrComputeIfAbsent("classCluster", k -> new ClassCluster(), ClassCluster.class);
        context.getStore(NS).put("borrowed", shared);
        return shared.forNextTest(
                () -> newCluster(spec, context.getRequiredTestClass().getSimpleName()));
    }

    /** The context of the test's class, above a parameterized or repeated test's own containers. */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getTestMethod().isPresent() && c.getParent().isPresent()) {
            c = c.getParent().get();
        }
        return c;
    }

    private static Cluster newCluster(WithCluster spec, String name) {
        Map<String, String> settings;
        try {
            settings = NodeSettings.parse(spec.settings());
        } catch (IllegalArgumentException e) {
            throw new ParameterResolutionException(e.getMessage(), e);
        }
        if (!spec.started() && !settings.isEmpty()) {
            // The settings are set only while the extension starts the nodes: a test that starts them itself would
            // get its nodes' defaults without a word.
            throw new ParameterResolutionException("@WithCluster(started = false) with settings: the settings apply as"
                    + " the cluster starts; let it start (started = true), or set them with SystemProperties around"
                    + " your own startAll()");
        }
        Path base;
        try {
            base = Files.createTempDirectory("course-" + name + "-");
        } catch (IOException e) {
            throw new ParameterResolutionException("could not create a temporary directory for the cluster: " + e, e);
        }
        return startIn(
                Submission.current(),
                spec.nodes(),
                NodeMode.effective(spec.mode()),
                spec.heap(),
                base,
                spec.proxied(),
                spec.jvm(),
                spec.started(),
                settings);
    }

    /**
     * A cluster laid out in {@code base}, started when {@code started}, its nodes reading {@code settings} as system
     * properties as they start ({@link WithCluster#settings}). When it does not start, everything is stopped and
     * {@code base} deleted (the node's log is already in the message; {@code -Dcourse.keepData=true} keeps it), so a
     * skeleton that fails every test leaves no folder per test behind.
     */
    static Cluster startIn(
            Submission submission,
            int nodes,
            NodeMode mode,
            String heap,
            Path base,
            boolean proxied,
            NodeJvm jvm,
            boolean started,
            Map<String, String> settings) {
        Cluster cluster = null;
        try {
            cluster = new Cluster(submission, nodes, mode, heap, base, proxied, jvm);
            if (started) {
                try (SystemProperties held = SystemProperties.set(settings)) {
                    cluster.startAll();
                }
            }
            return cluster;
        } catch (IOException | RuntimeException e) {
            if (cluster != null) {
                try {
                    cluster.close();
                } catch (IOException | RuntimeException closing) {
                    e.addSuppressed(closing);
                }
            }
            if (!Boolean.getBoolean("course.keepData")) {
                TempDirs.deleteRecursively(base);
            }
            throw new ClusterDidNotStart(e);
        }
    }

    /**
     * The node's own failure, first: the test summary shows this class's name and message on every failing line,
     * and "ParameterResolution could not start a cluster" hid the reason ("not implemented: ...") at the end.
     */
    static final class ClusterDidNotStart extends ParameterResolutionException {
        ClusterDidNotStart(Exception cause) {
            super(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
        }
    }

    private static Optional<WithCluster> spec(AnnotatedElement element) {
        return AnnotationSupport.findAnnotation(element, WithCluster.class);
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        ExtensionContext.Store store = context.getStore(NS);
        Seed seed = store.get("seed", Seed.class);
        Cluster cluster = store.get("cluster", Cluster.class);
        StringBuilder extra = new StringBuilder();
        if (seed != null) {
            // In a grade, the grader names its own command (course.replay), which takes the same seed.
            String graded = System.getProperty("course.replay", "");
            extra.append("\n[seed ")
                    .append(seed.value())
                    .append("] replay with: ")
                    .append(
                            graded.isBlank()
                                    ? "./mvnw test -Dcourse.seed=" + seed.value() + " -Dtest="
                                            + context.getRequiredTestClass().getSimpleName() + '#'
                                            + context.getRequiredTestMethod().getName()
                                    : graded + " --only "
                                            + context.getRequiredTestClass().getSimpleName());
        }
        if (cluster != null) {
            // The folder is deleted when the cluster closes unless -Dcourse.keepData=true: name it only if it stays
            // (in a grade the whole sandbox goes, so the hint would mislead there).
            if (Boolean.getBoolean("course.keepData")) {
                extra.append("\n[data and logs kept in ")
                        .append(cluster.baseDir())
                        .append(']');
            } else if (System.getProperty("course.replay", "").isBlank()) {
                extra.append("\n[-Dcourse.keepData=true keeps the nodes' data and logs]");
            }
            // A node that failed to start or stop already put its log into the message: not twice.
            String message = String.valueOf(throwable.getMessage());
            String logs = message.contains("; its log:\n") ? "" : cluster.logs();
            if (!logs.isEmpty()) {
                extra.append("\n").append(logs);
            }
        }
        if (extra.length() > 0) {
            throwable.addSuppressed(new NodeDiagnostics(extra.toString()));
            if (throwable instanceof AssertionError) {
                AssertionError withContext = new AssertionError(throwable.getMessage() + extra, throwable);
                withContext.setStackTrace(throwable.getStackTrace());
                throw withContext;
            }
        }
        throw throwable;
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        Cluster cluster = context.getStore(NS).remove("cluster", Cluster.class);
        ClassCluster borrowed = context.getStore(NS).remove("borrowed", ClassCluster.class);
        if (cluster == null) {
            return;
        }
        if (borrowed == null) {
            close(cluster);
        } else if (context.getExecutionException().isPresent()) {
            // What a failed test leaves (a dead node, held memory) must not fail the tests after it.
            borrowed.discard(cluster);
        }
    }

    static void close(Cluster cluster) throws IOException {
        try {
            cluster.close();
        } finally {
            // A failed test's folder goes too: its message already holds the node logs, and the message says the data
            // is kept only with -Dcourse.keepData=true (failing mutants alone left gigabytes in /tmp).
            if (!Boolean.getBoolean("course.keepData")) {
                TempDirs.deleteRecursively(cluster.baseDir());
            }
        }
    }

    /** Carries the seed and logs along with an exception that is not an assertion. */
    static final class NodeDiagnostics extends RuntimeException {
        NodeDiagnostics(String message) {
            super(message, null, false, false);
        }
    }
}
