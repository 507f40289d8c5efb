package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The other half of "the tests tell right from wrong": a node that makes another choice the statement allows passes
 * every public and hidden test of its stage, as the reference does.
 */
class CorrectVariantsPassTest {
    @TestFactory
    Stream<DynamicTest> everyCorrectVariantPassesAllPublicAndHiddenTestsOfItsStage() {
        return CorrectVariants.all().stream()
                .map(v -> DynamicTest.dynamicTest(v.name() + ": " + v.choice(), () -> {
                    List<String> problems = MutantMatrix.problemsOf(v.factory().getName(), v.stage()).stream()
                            .map(o -> o.test() + " " + o.status() + ": " + InProcessFailure.whole(o))
                            .toList();
                    assertEquals(
                            List.of(),
                            problems,
                            v.name() + " is correct (" + v.choice() + "), yet tests of stage " + v.stage()
                                    + " did not pass");
                }));
    }
}
