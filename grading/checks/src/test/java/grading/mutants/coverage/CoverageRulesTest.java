package grading.mutants.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import grading.mutants.Mutants;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each rule of the coverage check, shown to fail on a small statement, and to pass once it is met. */
class CoverageRulesTest {
    private static final String STAGE = "stages/1-x/README.md";
    private static final String STATEMENT = """
            # Stage 1

            - <a id="s1-put"></a>`PUT` answers `201`
              (inserts or replaces). <a id="s1-delete"></a>`DELETE` answers `202`.
            - not a sentence

            | request | answer |
            | --- | --- |
            | <a id="s1-get"></a>`GET` | `200` or `404` |
            """;
    private static final List<Sentence> SENTENCES = StatementSentences.markdown(STAGE, STATEMENT);
    private static final CheckingTest PUT_TEST = new CheckingTest("t.T#put", List.of("s1-put"));
    private static final CheckingTest DELETE_TEST = new CheckingTest("t.T#delete", List.of("s1-delete"));
    private static final CheckingTest GET_TEST = new CheckingTest("t.U#get", List.of("s1-get"));
    private static final List<Mutants.Entry> MUTANTS = List.of(
            mutant("Put200", "t.T#put", "s1-put"),
            mutant("Delete200", "t.T#delete", "s1-delete"),
            mutant("Get500", "t.U", "s1-get"));

    @Test
    void sentencesRunFromTheirAnchorToTheNextOneOrTheEndOfTheBlock() {
        assertEquals(
                List.of(
                        new Sentence("s1-put", STAGE, 3, "`PUT` answers `201` (inserts or replaces)."),
                        new Sentence("s1-delete", STAGE, 4, "`DELETE` answers `202`."),
                        new Sentence("s1-get", STAGE, 9, "`GET` → `200` or `404`")),
                SENTENCES);
    }

    @Test
    void javadocSentencesEndAtAParagraphOrATag() {
        String source = """
                /**
                 * Intro. <a id="c-start"></a>{@link #start()} returns once
                 * requests are accepted.
                 *
                 * <p><a id="c-stop"></a>Stop is <b>idempotent</b>.
                 * @throws IOException never
                 */
                """;
        assertEquals(
                List.of(
                        new Sentence("c-start", "C.java", 2, "`start()` returns once requests are accepted."),
                        new Sentence("c-stop", "C.java", 5, "Stop is idempotent.")),
                StatementSentences.javadoc("C.java", source));
    }

    @Test
    void aStatementWhoseSentencesAreAllCheckedAndBrokenPasses() {
        assertEquals(
                List.of(),
                coverage(List.of(PUT_TEST, DELETE_TEST, GET_TEST), MUTANTS, List.of())
                        .problems());
    }

    @Test
    void aSentenceWithoutATestFails() {
        List<String> problems = coverage(List.of(PUT_TEST, GET_TEST), MUTANTS.subList(0, 1), List.of())
                .problems();
        assertTrue(
                problems.stream().anyMatch(p -> p.startsWith("s1-delete (" + STAGE + ":4) has no test")),
                problems::toString);
    }

    @Test
    void aTestWithoutASentenceFails() {
        List<String> problems = coverage(
                        List.of(PUT_TEST, DELETE_TEST, GET_TEST, new CheckingTest("t.T#other", List.of())),
                        MUTANTS,
                        List.of())
                .problems();
        assertEquals(
                List.of("t.T#other names no sentence: add @Checks with the ids of the statement's sentences it "
                        + "checks, or write the sentence its check stands for into the statement"),
                problems);
    }

    @Test
    void aSentenceWhoseMutantsItsTestsDoNotCatchFails() {
        // Delete200 is caught by the PUT test, which does not check s1-delete: nothing shows that its test works.
        List<Mutants.Entry> mutants =
                List.of(MUTANTS.get(0), mutant("Delete200", "t.T#put", "s1-delete", "s1-put"), MUTANTS.get(2));
        List<String> problems = coverage(List.of(PUT_TEST, DELETE_TEST, GET_TEST), mutants, List.of())
                .problems();
        assertEquals(1, problems.size(), problems::toString);
        assertTrue(
                problems.get(0)
                        .startsWith("s1-delete (" + STAGE + ":4) has mutants [Delete200], none caught by "
                                + "its own tests"),
                problems::toString);
    }

    @Test
    void aSentenceWithoutAMutantFailsUnlessReviewed() {
        List<Mutants.Entry> mutants = MUTANTS.subList(0, 2);
        List<CheckingTest> tests = List.of(PUT_TEST, DELETE_TEST, GET_TEST);
        assertTrue(coverage(tests, mutants, List.of())
                .problems()
                .get(0)
                .startsWith("s1-get (" + STAGE + ":9) has no mutant"));
        assertEquals(
                List.of(),
                coverage(tests, mutants, List.of(new Review("s1-get", Review.Status.NO_MUTANT, "why")))
                        .problems());
    }

    @Test
    void aMutantWhoseCatchingTestNamesNoneOfItsSentencesFails() {
        List<Mutants.Entry> mutants =
                List.of(MUTANTS.get(0), MUTANTS.get(1), MUTANTS.get(2), mutant("Wrong", "t.T#put", "s1-get"));
        List<String> problems = coverage(List.of(PUT_TEST, DELETE_TEST, GET_TEST), mutants, List.of())
                .problems();
        assertEquals(1, problems.size(), problems::toString);
        assertTrue(problems.get(0).startsWith("mutant Wrong breaks [s1-get] but its catching test t.T#put names none"));
    }

    @Test
    void unknownAndMalformedIdsFail() {
        List<Sentence> sentences = StatementSentences.markdown(
                STAGE, STATEMENT + "\n<a id=\"s2-Bad\"></a>x\n" + "<a id=\"s1-put\"></a>again\n");
        List<String> problems = new Coverage(
                        sentences,
                        List.of(PUT_TEST, DELETE_TEST, GET_TEST, new CheckingTest("t.T#typo", List.of("s1-pot"))),
                        MUTANTS,
                        List.of())
                .problems();
        assertTrue(
                problems.contains(STAGE + ":11: sentence id 's2-Bad' must start with 's1-' and be lowercase "
                        + "letters, digits and single dashes"),
                problems::toString);
        assertTrue(
                problems.contains(STAGE + ":12: sentence id 's1-put' is taken already at " + STAGE
                        + ":3; ids are links and must be unique"),
                problems::toString);
        assertTrue(
                problems.contains("t.T#typo names 's1-pot', which no statement has (a typo, or a removed anchor)"),
                problems::toString);
    }

    @Test
    void anOpenSentenceIsShownAndMustBeClosedOnceCovered() {
        List<Review> open = List.of(new Review("s1-delete", Review.Status.OPEN, "no test yet"));
        assertEquals(
                List.of(),
                coverage(List.of(PUT_TEST, GET_TEST), List.of(MUTANTS.get(0), MUTANTS.get(2)), open)
                        .problems());
        assertEquals(
                List.of("s1-delete (" + STAGE + ":4) is covered now (tests and a caught mutant): remove its "
                        + "'open' line from " + Review.FILE),
                coverage(List.of(PUT_TEST, DELETE_TEST, GET_TEST), MUTANTS, open)
                        .problems());
        String page = CoveragePage.markdown(
                coverage(List.of(PUT_TEST, GET_TEST), List.of(MUTANTS.get(0), MUTANTS.get(2)), open), Map.of());
        assertTrue(page.contains("| **none** | **open**: no test yet |"), page);
    }

    @Test
    void aReviewFileLineThatIsNotThreeFieldsIsRefusedWithItsLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> Review.parse("# c\ns1-x\tmaybe\twhy\n"));
        assertEquals(Review.FILE + ":2: status 'maybe' is neither no-mutant nor open", e.getMessage());
    }

    private static Coverage coverage(List<CheckingTest> tests, List<Mutants.Entry> mutants, List<Review> reviews) {
        return new Coverage(SENTENCES, tests, mutants, reviews);
    }

    private static Mutants.Entry mutant(String name, String caughtBy, String... sentences) {
        return new Mutants.Entry("m." + name, name, 1, "breaks", caughtBy, List.of(sentences));
    }
}
