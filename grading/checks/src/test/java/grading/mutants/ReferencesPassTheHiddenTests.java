package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import course.harness.InProcessSuite;
import grading.SecondTry;
import grading.Thirds;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The other half of "the tests tell wrong from right": every reference passes the hidden tests of its stage, or a
 * mutant caught by a hidden test proves nothing. The public tests of stages 1..N against each reference run once, in
 * grading.meta's {@code ReferencesPassThePublicTests}; three test classes share this loop
 * ({@link Thirds#pairedFromBothEnds}), so that surefire's forks run them side by side with the other checks.
 */
abstract class ReferencesPassTheHiddenTests {
    private static final SecondTry SECOND_TRY = new SecondTry();

    /** The third of the references this class runs: 0, 1 or 2. */
    abstract int third();

    @TestFactory
    Stream<DynamicTest> everyReferencePassesTheHiddenTestsOfItsStage() {
        // -Dcourse.referenceStages=1,3 runs only those stages' references, as for the public tests.
        Set<String> only =
                Set.of(System.getProperty("course.referenceStages", "").split(","));
        List<Integer> stages = References.stages().stream()
                .filter(s -> only.equals(Set.of("")) || only.contains(String.valueOf(s)))
                .toList();
        assertFalse(stages.isEmpty(), "no reference found (solutions.stage1.Stage1Factory)");
        return IntStream.range(0, stages.size())
                .filter(i -> Thirds.pairedFromBothEnds(i, stages.size(), third()))
                .mapToObj(stages::get)
                .map(stage -> DynamicTest.dynamicTest("stage " + stage + " reference", () -> {
                    List<String> problems = SECOND_TRY
                            .outcomes(
                                    "stage " + stage + " reference, hidden tests",
                                    References.factory(stage),
                                    stage,
                                    () -> MutantMatrix.hiddenProblemsOfReference(stage))
                            .stream()
                            .filter(o -> o.status() != InProcessSuite.Status.PASSED)
                            .map(o -> o.test() + " " + o.status() + ": " + InProcessFailure.whole(o))
                            .toList();
                    assertEquals(
                            List.of(), problems, "stage " + stage + " reference (" + References.factory(stage) + ")");
                }));
    }
}
