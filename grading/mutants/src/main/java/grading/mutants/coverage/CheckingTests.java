package grading.mutants.coverage;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import course.harness.Checks;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The public ({@code course.tests.stageN}) and hidden ({@code course.hidden.stageN}) tests, found the way JUnit finds
 * them: the tests a grade runs. Other packages of the same jars test the course's own tools (the hidden history
 * checker's {@code course.hidden.history}) and check no sentence.
 */
public final class CheckingTests {
    public static final List<String> PACKAGES = List.of("course.tests", "course.hidden");
    private static final Pattern GRADED = Pattern.compile("course\\.(tests|hidden)\\.stage\\d+\\..*");

    private CheckingTests() {}

    public static List<CheckingTest> discover() {
        var request = LauncherDiscoveryRequestBuilder.request()
                .selectors(PACKAGES.stream().map(p -> selectPackage(p)).toList())
                .build();
        TestPlan plan = LauncherFactory.create().discover(request);
        // A parameterized or factory method is one test here, whatever number of runs it makes.
        Map<String, CheckingTest> tests = new TreeMap<>();
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier id : plan.getDescendants(root)) {
                if (id.getSource().orElse(null) instanceof MethodSource source
                        && GRADED.matcher(source.getClassName()).matches()) {
                    String key = source.getClassName() + "#" + source.getMethodName();
                    tests.computeIfAbsent(key, k -> new CheckingTest(k, named(source)));
                }
            }
        }
        List<CheckingTest> all = new ArrayList<>(tests.values());
        all.sort(Comparator.comparing(CheckingTest::id));
        return all;
    }

    /** The ids in {@code @Checks} on the test's class (or a superclass) and on the method itself. */
    private static List<String> named(MethodSource source) {
        Set<String> ids = new LinkedHashSet<>();
        Class<?> type = source.getJavaClass();
        Method method = source.getJavaMethod();
        for (Checks checks : new Checks[] {type.getAnnotation(Checks.class), method.getAnnotation(Checks.class)}) {
            if (checks != null) {
                ids.addAll(List.of(checks.value()));
            }
        }
        return List.copyOf(ids);
    }
}
