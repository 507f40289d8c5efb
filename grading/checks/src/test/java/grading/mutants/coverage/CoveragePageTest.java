package grading.mutants.coverage;

import static org.junit.jupiter.api.Assertions.fail;

import grading.mutants.Mutants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every sentence of the statements is checked by a test and shown broken by a mutant its tests catch (or reviewed),
 * and docs/grading/coverage.md says so as it is. {@code -Dcourse.coverage.write=true} rewrites the page first.
 */
class CoveragePageTest {
    private static final Path ROOT = Path.of(System.getProperty("course.root", "../.."));
    private static Coverage coverage;
    private static String page;

    @BeforeAll
    static void generate() throws IOException {
        coverage =
                new Coverage(StatementSentences.read(ROOT), CheckingTests.discover(), Mutants.all(), Review.read(ROOT));
        page = CoveragePage.markdown(coverage, CoverageWeights.read(ROOT));
        if (Boolean.getBoolean("course.coverage.write")) {
            Files.writeString(ROOT.resolve(CoveragePage.FILE), page);
        }
    }

    @Test
    void everySentenceHasATestAndACaughtMutantAndEveryTestASentence() {
        List<String> problems = coverage.problems();
        if (!problems.isEmpty()) {
            fail(problems.size() + " broken rules of the statement's coverage (" + CoveragePage.FILE + "):\n"
                    + String.join("\n", problems));
        }
    }

    @Test
    void everyTestWithPointsOfItsOwnIsATest() {
        List<String> tests = coverage.tests().stream().map(CheckingTest::id).toList();
        List<String> unknown = CoverageWeights.read(ROOT).keySet().stream()
                .filter(line -> line.contains("#"))
                .filter(line -> !tests.contains(line))
                .toList();
        if (!unknown.isEmpty()) {
            fail("grading/weights.properties gives points to tests that do not exist (renamed? moved?): " + unknown);
        }
    }

    /**
     * A class without a line would still be graded, at 1 point in category "unweighted", and only the grade's notes
     * would say so: LateReplicaWriteTest went that way for three days.
     */
    @Test
    void everyTestClassHasItsWeight() {
        Set<String> weighted = CoverageWeights.read(ROOT).keySet();
        List<String> unweighted = coverage.tests().stream()
                .map(t -> t.id().substring(0, t.id().indexOf('#')))
                .distinct()
                .filter(c -> !weighted.contains(c))
                .toList();
        if (!unweighted.isEmpty()) {
            fail("test classes without a line in grading/weights.properties (give each '<class> = <category>"
                    + " <points>'): " + unweighted);
        }
    }

    @Test
    void theCommittedPageIsWhatTheSourcesMake() throws IOException {
        Path file = ROOT.resolve(CoveragePage.FILE);
        String committed = Files.isRegularFile(file) ? Files.readString(file) : "";
        if (!committed.equals(page)) {
            fail(CoveragePage.FILE + " is not what the statements, tests and mutants make (first difference: "
                    + firstDifference(committed, page) + "); rewrite it: " + CoveragePage.REWRITE);
        }
    }

    private static String firstDifference(String committed, String generated) {
        List<String> a = committed.lines().toList();
        List<String> b = generated.lines().toList();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String left = i < a.size() ? a.get(i) : "(end of file)";
            String right = i < b.size() ? b.get(i) : "(end of file)";
            if (!left.equals(right)) {
                return "line " + (i + 1) + ": committed '" + left + "', generated '" + right + "'";
            }
        }
        return "line endings";
    }
}
