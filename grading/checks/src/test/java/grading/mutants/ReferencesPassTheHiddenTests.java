package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import course.harness.InProcessSuite;
import grading.SecondTry;
import grading.Thirds;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The other half of "the tests tell wrong from right": every reference passes the hidden tests of its stage, or a
 * mutant caught by a hidden test proves nothing. The public tests of stages 1..N against each reference run once, in
 * grading.meta's {@code ReferencesPassThePublicTests}. Each hidden test class of a stage is an item of its own, dealt
 * in turn to three test classes ({@link Thirds#dealtInTurn}), so that surefire's forks run them side by side with the
 * other checks. Whole stages were dealt before, as if a stage cost more the later it is; but a stage's hidden tests
 * are only its own, and stage 1's (156 s in a suite run) and stage 4's (144 s) cost far more than stage 5's (7 s):
 * one third took 28 s, the others 182 and 203 s, the module's last minute.
 */
abstract class ReferencesPassTheHiddenTests {
    private static final SecondTry SECOND_TRY = new SecondTry();

    /** The third of the items this class runs: 0, 1 or 2. */
    abstract int third();

    /** One hidden test class of a stage, to be run against that stage's reference. */
    private record Item(int stage, String testClass) {}

    @TestFactory
    Stream<DynamicTest> everyReferencePassesTheHiddenTestsOfItsStage() {
        // -Dcourse.referenceStages=1,3 runs only those stages' references, as for the public tests.
        Set<String> only =
                Set.of(System.getProperty("course.referenceStages", "").split(","));
        List<Integer> stages = References.stages().stream()
                .filter(s -> only.equals(Set.of("")) || only.contains(String.valueOf(s)))
                .toList();
        assertFalse(stages.isEmpty(), "no reference found (solutions.stage1.Stage1Factory)");
        List<Item> items = new ArrayList<>();
        for (int stage : stages) {
            List<String> classes = MutantMatrix.hiddenTestClasses(stage);
            assertFalse(
                    classes.isEmpty(),
                    "no hidden test class found for stage " + stage + " (course.hidden.stage" + stage + ")");
            classes.forEach(c -> items.add(new Item(stage, c)));
        }
        return IntStream.range(0, items.size())
                .filter(i -> Thirds.dealtInTurn(i, third()))
                .mapToObj(items::get)
                .map(item -> DynamicTest.dynamicTest(
                        "stage " + item.stage() + " reference, " + simpleName(item.testClass()), () -> {
                            int stage = item.stage();
                            List<String> problems = SECOND_TRY
                                    .outcomes(
                                            "stage " + stage + " reference, hidden tests of "
                                                    + simpleName(item.testClass()),
                                            References.factory(stage),
                                            stage,
                                            () -> MutantMatrix.hiddenProblemsOfReference(stage, item.testClass()))
                                    .stream()
                                    .filter(o -> o.status() != InProcessSuite.Status.PASSED)
                                    .map(o -> o.test() + " " + o.status() + ": " + InProcessFailure.whole(o))
                                    .toList();
                            assertEquals(
                                    List.of(),
                                    problems,
                                    "stage " + stage + " reference (" + References.factory(stage) + ")");
                        }));
    }

    private static String simpleName(String testClass) {
        return testClass.substring(testClass.lastIndexOf('.') + 1);
    }
}
