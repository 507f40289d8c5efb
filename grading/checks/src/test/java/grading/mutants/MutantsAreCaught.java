package grading.mutants;

import static org.junit.jupiter.api.Assertions.assertTrue;

import grading.Thirds;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The tests can tell wrong from right: every mutant fails the test that is meant to catch it (that every reference
 * passes them is {@link ReferencesPassTheHiddenTests}'s and, for the public tests, grading.meta's). Only each mutant's
 * catching test runs here, with in-process nodes where the test allows; the full matrix (including whether the public tests alone catch a mutant) is
 * {@code ./course grade --mutant-matrix}. Three test classes share the mutants, so that surefire's forks check them
 * side by side with the other checks; {@link MutantListTest} checks the list itself.
 */
abstract class MutantsAreCaught {
    private static final List<MutantMatrix.Row> ROWS = new ArrayList<>();

    /** The third of the mutants this class checks: 0, 1 or 2 ({@link Thirds#dealtInTurn} over the list). */
    abstract int third();

    @TestFactory
    Stream<DynamicTest> everyMutantFailsTheTestMeantToCatchIt() {
        // -Dcourse.mutants=Name1,Name2 checks only those mutants, e.g. the ones a change just added.
        Set<String> only = Set.of(System.getProperty("course.mutants", "").split(","));
        List<Mutants.Entry> mutants = Mutants.all().stream()
                .filter(m -> References.exists(m.stage()))
                .filter(m -> only.equals(Set.of("")) || only.contains(m.name()))
                .toList();
        return IntStream.range(0, mutants.size())
                .filter(i -> Thirds.dealtInTurn(i, third()))
                .mapToObj(mutants::get)
                .map(m -> DynamicTest.dynamicTest(m.name() + " caught by " + m.caughtBy(), () -> {
                    MutantMatrix.Row row = MutantMatrix.caught(m, false);
                    synchronized (ROWS) {
                        ROWS.add(row);
                    }
                    assertTrue(row.caught(), m.name() + " (" + m.breaks() + ") was NOT caught: " + row.evidence());
                }));
    }

    @AfterAll
    static void printMatrix() {
        System.out.println(
                "mutant matrix (catching test only; ./course grade --mutant-matrix adds the public column):");
        synchronized (ROWS) {
            System.out.print(MutantMatrix.text(ROWS));
            ROWS.clear(); // a fork runs the next third in this JVM: each prints its own rows
        }
    }
}
