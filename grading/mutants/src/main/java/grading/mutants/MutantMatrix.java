package grading.mutants;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import course.harness.InProcessSuite;
import course.harness.InProcessSuite.Outcome;
import grading.mutants.stage1.DataOutsideWorkingDir;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Which test catches which mutant. {@link #caught} runs only the test meant to catch a mutant (fast, for ./course
 * test); {@link #publicTestsCatch} runs the public tests of the mutant's stage class by class until one fails.
 */
public final class MutantMatrix {
    private MutantMatrix() {}

    /** The result for one mutant; {@code publicCatch} is null when it was not measured. */
    public record Row(Mutants.Entry mutant, boolean caught, String evidence, Boolean publicCatch, double seconds) {}

    /** Runs the mutant's catching test; the mutant is caught when that test ran and failed. */
    public static Row caught(Mutants.Entry m, boolean measurePublic) {
        long start = System.nanoTime();
        List<Outcome> outcomes = InProcessSuite.run(List.of(selector(m.caughtBy())), m.factory(), m.stage());
        cleanUp();
        // Only a failure of the catching test itself counts: a discovery or setup error of the suite proves nothing.
        String testPrefix = m.caughtBy().replaceFirst("\\(.*", "");
        Outcome failure = outcomes.stream()
                .filter(o -> o.failed() && o.test().startsWith(testPrefix))
                .findFirst()
                .orElse(null);
        Outcome other = outcomes.stream()
                .filter(o -> o.failed() && !o.test().startsWith(testPrefix))
                .findFirst()
                .orElse(null);
        String evidence = failure != null
                ? failure.message()
                : other != null
                        ? "the run failed outside the catching test: " + other.test() + ": " + other.message()
                        : outcomes.isEmpty()
                                ? "the catching test " + m.caughtBy() + " was not found or did not run"
                                : m.caughtBy() + " "
                                        + outcomes.get(0).status().name().toLowerCase(Locale.ROOT);
        Boolean publicCatch = null;
        if (measurePublic) {
            publicCatch = (m.caughtByPublicTest() && failure != null) || publicTestsCatch(m);
        }
        return new Row(m, failure != null, evidence, publicCatch, (System.nanoTime() - start) / 1e9);
    }

    /** Whether the public tests of the mutant's stage alone catch it (stops at the first failing test class). */
    public static boolean publicTestsCatch(Mutants.Entry m) {
        for (String testClass : publicTestClasses(m.stage())) {
            List<Outcome> outcomes = InProcessSuite.run(List.of(selectClass(testClass)), m.factory(), m.stage());
            cleanUp();
            // A failure of the engine itself (discovery) is no catch; a test's or a test class's failure is.
            if (outcomes.stream().anyMatch(o -> o.failed() && !o.test().startsWith("JUnit "))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The hidden tests OF THIS STAGE against its reference: what failed or was skipped. The public tests of stages
     * 1..N against each reference are {@code solutions.ReferencesPassThePublicTestsTest}'s (solutions/server), so
     * ./course test runs each of them once against a reference; the grader runs them all again.
     */
    public static List<Outcome> hiddenProblemsOfReference(int stage) {
        return problemsOf(List.of(selectPackage("course.hidden.stage" + stage)), References.factory(stage), stage);
    }

    /** The public and hidden tests of {@code stage} against a node that should pass them all: what did not pass. */
    public static List<Outcome> problemsOf(String factory, int stage) {
        return problemsOf(
                List.of(selectPackage("course.tests.stage" + stage), selectPackage("course.hidden.stage" + stage)),
                factory,
                stage);
    }

    private static List<Outcome> problemsOf(List<DiscoverySelector> selectors, String factory, int stage) {
        List<Outcome> outcomes = InProcessSuite.run(selectors, factory, stage);
        if (outcomes.isEmpty()) {
            return List.of(
                    new Outcome("(no tests)", InProcessSuite.Status.FAILED, "no tests found for stage " + stage, null));
        }
        return outcomes.stream()
                .filter(o -> o.status() != InProcessSuite.Status.PASSED)
                .toList();
    }

    /** The public test classes of a stage, found the way JUnit finds them. */
    static List<String> publicTestClasses(int stage) {
        var request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectPackage("course.tests.stage" + stage))
                .build();
        var plan = LauncherFactory.create().discover(request);
        List<String> classes = new ArrayList<>();
        plan.getRoots()
                .forEach(engine -> plan.getChildren(engine)
                        .forEach(container -> container
                                .getSource()
                                .filter(ClassSource.class::isInstance)
                                .map(src -> ((ClassSource) src).getClassName())
                                .ifPresent(classes::add)));
        classes.sort(Comparator.naturalOrder());
        return classes;
    }

    /** The methods a test class declares or inherits from a test class it extends (JUnit runs both). */
    public static List<Method> testMethods(Class<?> type) {
        List<Method> methods = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            methods.addAll(Arrays.asList(c.getDeclaredMethods()));
        }
        return methods;
    }

    /** The catching test as a selector: a class, or its one method of that name (whatever its parameters). */
    static DiscoverySelector selector(String caughtBy) {
        int hash = caughtBy.indexOf('#');
        if (hash < 0) {
            return selectClass(caughtBy);
        }
        String className = caughtBy.substring(0, hash);
        String methodName = caughtBy.substring(hash + 1).replaceFirst("\\(.*", "");
        try {
            Class<?> type = Class.forName(className, false, MutantMatrix.class.getClassLoader());
            List<Method> methods = testMethods(type).stream()
                    .filter(m -> m.getName().equals(methodName))
                    .toList();
            if (methods.size() != 1) {
                throw new IllegalStateException(caughtBy + ": " + methods.size() + " methods of that name");
            }
            return selectMethod(type, methods.get(0));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no test class " + className, e);
        }
    }

    /** Removes what {@link DataOutsideWorkingDir} leaves outside any working directory. */
    static void cleanUp() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (DirectoryStream<Path> left = Files.newDirectoryStream(tmp, DataOutsideWorkingDir.FOLDER_PREFIX + "*")) {
            for (Path dir : left) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    walk.sorted(Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException e) {
            System.err.println("mutants: could not clean " + tmp + ": " + e);
        }
    }

    /** The matrix as a Markdown page. */
    public static String markdown(List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append("# Mutants and the tests that catch them\n\n")
                .append(
                        "Generated by `./course grade --mutant-matrix`; do not edit. Each mutant is the reference of its "
                                + "stage with one thing broken (`grading/mutants/src/main/java/grading/mutants/stageN/`). "
                                + "*Caught* means the named test fails against it; *public* means the public tests of its stage "
                                + "alone already fail.\n\n")
                .append("| stage | mutant | what it breaks | catching test | caught | public tests catch it |\n")
                .append("| --- | --- | --- | --- | --- | --- |\n");
        for (Row r : rows) {
            md.append("| ")
                    .append(r.mutant().stage())
                    .append(" | `")
                    .append(r.mutant().name())
                    .append("` | ")
                    .append(r.mutant().breaks().replace("|", "\\|"))
                    .append(" | `")
                    .append(r.mutant().caughtBy().replaceFirst("^course\\.", ""))
                    .append("` | ")
                    .append(r.caught() ? "yes" : "**NO**")
                    .append(" | ")
                    .append(r.publicCatch() == null ? "not measured" : r.publicCatch() ? "yes" : "no (hidden only)")
                    .append(" |\n");
        }
        long caught = rows.stream().filter(Row::caught).count();
        long hiddenOnly =
                rows.stream().filter(r -> Boolean.FALSE.equals(r.publicCatch())).count();
        md.append("\n")
                .append(caught)
                .append(" of ")
                .append(rows.size())
                .append(" mutants caught; ")
                .append(hiddenOnly)
                .append(" caught only by hidden tests.\n");
        return md.toString();
    }

    /** The matrix as fixed-width text for a terminal. */
    public static String text(List<Row> rows) {
        StringBuilder t = new StringBuilder(
                String.format("%-5s %-28s %-7s %-8s %s%n", "stage", "mutant", "caught", "public", "catching test"));
        for (Row r : rows) {
            t.append(String.format(
                    "%-5d %-28s %-7s %-8s %s%n",
                    r.mutant().stage(),
                    r.mutant().name(),
                    r.caught() ? "yes" : "NO",
                    r.publicCatch() == null ? "-" : r.publicCatch() ? "yes" : "hidden",
                    r.mutant().caughtBy().replaceFirst("^course\\.", "")));
        }
        return t.toString();
    }
}
