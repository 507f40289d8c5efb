package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import course.harness.InProcessSuite;
import grading.SecondTry;
import grading.Thirds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The other half of "the tests tell wrong from right": every reference passes the hidden tests of its stage, or a
 * mutant caught by a hidden test proves nothing. The public tests of stages 1..N against each reference run once, in
 * grading.meta's {@code ReferencesPassThePublicTests}; three test classes share this loop, so that surefire's forks
 * run them side by side with the other checks. The stages are dealt to them longest first
 * ({@link Thirds#longestFirst}) by what their hidden tests took in a suite run: a stage's hidden tests are only its
 * own, so their cost does not grow along the stages, and dealt as if it did (stages 1+6, 2+5, 3+4) the thirds took
 * 182, 28 and 203 s.
 */
abstract class ReferencesPassTheHiddenTests {
    private static final SecondTry SECOND_TRY = new SecondTry();

    /**
     * Seconds each stage's hidden tests took against its reference in a fresh clone's ./course test (2026-11-27, the
     * 2-core course VM), only to deal the stages evenly; a stage missing here counts as the longest.
     */
    private static final Map<Integer, Integer> SECONDS_IN_A_SUITE_RUN =
            Map.of(1, 156, 2, 20, 3, 56, 4, 144, 5, 7, 6, 26);

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
        SequencedMap<Integer, Integer> costs = new LinkedHashMap<>();
        stages.forEach(s -> costs.put(s, SECONDS_IN_A_SUITE_RUN.getOrDefault(s, Integer.MAX_VALUE / 8)));
        Map<Integer, Integer> thirds = Thirds.longestFirst(costs);
        return stages.stream()
                .filter(stage -> thirds.get(stage) == third())
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
