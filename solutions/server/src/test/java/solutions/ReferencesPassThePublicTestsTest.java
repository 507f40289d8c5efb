package solutions;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import course.command.Stage;
import course.command.Stages;
import course.harness.InProcessSuite;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every reference the stage registry names (each {@code stages/N-slug/stage.yml}'s {@code reference:}) passes the
 * public tests (the starter's test-jar, every stage's, at the reference's stage: later stages' tests skip
 * themselves): one loop over the registry, so a new stage's reference is tested without a line here or in the pom.
 * Each public test is a test of its own in the report. {@code -Dcourse.referenceStages=1,6} runs only those stages.
 */
class ReferencesPassThePublicTestsTest {
    @TestFactory
    Stream<DynamicNode> everyReferencePassesThePublicTestsAtItsStage() {
        String only = System.getProperty("course.referenceStages", "");
        Set<String> stages = only.isBlank() ? Set.of() : Set.of(only.split(","));
        List<Stage> references = Stages.ofThisRepository().list().stream()
                .filter(s -> s.referenceOn(getClass().getClassLoader()).isPresent())
                .filter(s -> stages.isEmpty() || stages.contains(String.valueOf(s.number())))
                .toList();
        if (references.isEmpty()) {
            throw new AssertionError("no reference on the classpath for any stage of " + Stages.ofThisRepository()
                    .describe() + (stages.isEmpty() ? "" : " among -Dcourse.referenceStages=" + only));
        }
        return references.stream().map(s -> DynamicContainer.dynamicContainer(
                "stage " + s.number() + " reference (" + s.referenceFactory().orElseThrow() + ")",
                // Lazy: the stage's suite runs when JUnit reaches its container, one stage after the other.
                Stream.of(s).flatMap(ReferencesPassThePublicTestsTest::publicTests)));
    }

    private static Stream<DynamicTest> publicTests(Stage stage) {
        List<InProcessSuite.Outcome> outcomes = InProcessSuite.run(List.of(selectPackage("course.tests")),
                List.of(includeClassNamePatterns(".*Test")), stage.referenceFactory().orElseThrow(), stage.number());
        if (outcomes.isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest("(no public tests)", () -> {
                throw new AssertionError("no public tests found (package course.tests, the starter's test-jar)");
            }));
        }
        return outcomes.stream().map(o -> DynamicTest.dynamicTest(o.test(), () -> {
            switch (o.status()) {
                case FAILED -> throw o.cause() != null ? o.cause() : new AssertionError(o.message());
                case SKIPPED -> Assumptions.abort(o.message());
                default -> { }
            }
        }));
    }
}
