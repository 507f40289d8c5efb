package grading.meta;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import course.command.StageFacts;
import course.command.Stages;
import course.harness.InProcessSuite;
import grading.SecondTry;
import grading.Thirds;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
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
 * Three test classes share the loop ({@link Thirds#pairedFromBothEnds}: a stage's public tests include every earlier
 * stage's, so later stages cost more; the first stage goes with the last), so that surefire's forks run them side by
 * side (grading/checks' pom).
 */
abstract class ReferencesPassThePublicTests {
    private static final SecondTry SECOND_TRY = new SecondTry();
    private static final Pattern STAGE_PACKAGE = Pattern.compile("^course\\.tests\\.stage(\\d+)\\.");

    /** The third of the references this class runs: 0, 1 or 2. */
    abstract int third();

    @TestFactory
    Stream<DynamicNode> everyReferencePassesThePublicTestsAtItsStage() {
        String only = System.getProperty("course.referenceStages", "");
        Set<String> stages = only.isBlank() ? Set.of() : Set.of(only.split(","));
        List<StageFacts> references = Stages.ofThisRepository().list().stream()
                .filter(s -> s.referenceOn(getClass().getClassLoader()).isPresent())
                .filter(s -> stages.isEmpty() || stages.contains(String.valueOf(s.number())))
                .toList();
        if (references.isEmpty()) {
            throw new AssertionError("no reference on the classpath for any stage of "
                    + Stages.ofThisRepository().describe()
                    + (stages.isEmpty() ? "" : " among -Dcourse.referenceStages=" + only));
        }
        return IntStream.range(0, references.size())
                .filter(i -> Thirds.pairedFromBothEnds(i, references.size(), third()))
                .mapToObj(references::get)
                .map(s -> DynamicContainer.dynamicContainer(
                        "stage " + s.number() + " reference ("
                                + s.referenceFactory().orElseThrow() + ")",
                        // Lazy: the stage's suite runs when JUnit reaches its container, one stage after the other.
                        Stream.of(s).flatMap(ReferencesPassThePublicTests::publicTests)));
    }

    private static Stream<DynamicTest> publicTests(StageFacts stage) {
        String factory = stage.referenceFactory().orElseThrow();
        List<InProcessSuite.Outcome> outcomes = SECOND_TRY.outcomes(
                "stage " + stage.number() + " reference, public tests",
                factory,
                stage.number(),
                () -> InProcessSuite.run(
                        List.of(selectPackage("course.tests")),
                        List.of(includeClassNamePatterns(".*Test")),
                        factory,
                        stage.number()));
        // Each dynamic test below replays an outcome in no time: the real durations go to the report's output file.
        System.out.println("stage " + stage.number() + " reference, slowest public tests:");
        outcomes.stream()
                .sorted(Comparator.comparing(InProcessSuite.Outcome::took).reversed())
                .limit(12)
                .forEach(o -> System.out.printf("  %6.1f s  %s%n", o.took().toMillis() / 1000.0, o.test()));
        if (outcomes.isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest("(no public tests)", () -> {
                throw new AssertionError("no public tests found (package course.tests, the starter's test-jar)");
            }));
        }
        return outcomes.stream()
                .map(o -> DynamicTest.dynamicTest(o.test(), () -> {
                    switch (o.status()) {
                        case FAILED -> throw o.cause() != null ? o.cause() : new AssertionError(o.message());
                        case SKIPPED -> {
                            // Later stages' tests skip themselves; a test of this stage or an earlier one must run.
                            if (stageOf(o.test()) <= stage.number()) {
                                throw new AssertionError(
                                        "skipped on the stage-" + stage.number() + " reference: " + o.message());
                            }
                            Assumptions.abort(o.message());
                        }
                        default -> {}
                    }
                }));
    }

    /** The stage of a public test, from its package ({@code course.tests.stage3.X#m} is 3; the starter's are 1). */
    private static int stageOf(String test) {
        Matcher m = STAGE_PACKAGE.matcher(test);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }
}
