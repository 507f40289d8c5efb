package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The other half of "the tests tell wrong from right": every reference passes the hidden tests of its stage, or a
 * mutant caught by a hidden test proves nothing. The public tests of stages 1..N against each reference run once, in
 * solutions/server's {@code ReferencesPassThePublicTestsTest}; this class is separate from the mutant check so that
 * the two run in parallel forks.
 */
class ReferencesPassTheHiddenTestsTest {
    @TestFactory
    Stream<DynamicTest> everyReferencePassesTheHiddenTestsOfItsStage() {
        assertFalse(References.stages().isEmpty(), "no reference found (solutions.stage1.Stage1Factory)");
        return References.stages().stream()
                .map(stage -> DynamicTest.dynamicTest("stage " + stage + " reference", () -> {
                    List<String> problems = MutantMatrix.hiddenProblemsOfReference(stage).stream()
                            .map(o -> o.test() + " " + o.status() + ": " + o.message())
                            .toList();
                    assertEquals(
                            List.of(), problems, "stage " + stage + " reference (" + References.factory(stage) + ")");
                }));
    }
}
