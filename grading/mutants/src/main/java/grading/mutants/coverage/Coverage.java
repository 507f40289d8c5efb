package grading.mutants.coverage;

import grading.mutants.Mutants;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The statement's sentences, the tests that name them, the mutants that break them, and the reviewed exceptions;
 * {@link #problems()} is every broken rule, each saying what to do. "Caught" reads each mutant's {@code caughtBy}:
 * MutantsAreCaught, in the same ./course test, runs that test against that mutant and fails when it passes.
 */
public record Coverage(
        List<Sentence> sentences, List<CheckingTest> tests, List<Mutants.Entry> mutants, List<Review> reviews) {
    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    /** What the page shows for one sentence. */
    public record Row(
            Sentence sentence,
            List<CheckingTest> tests,
            List<Mutants.Entry> mutants,
            List<Mutants.Entry> caught,
            Review review) {
        public boolean covered() {
            return !tests.isEmpty() && !caught.isEmpty();
        }
    }

    public List<Row> rows() {
        Map<String, Review> reviewed = new HashMap<>();
        reviews.forEach(r -> reviewed.put(r.id(), r));
        List<Row> rows = new ArrayList<>();
        for (Sentence s : sentences) {
            List<CheckingTest> checking =
                    tests.stream().filter(t -> t.sentences().contains(s.id())).toList();
            List<Mutants.Entry> breaking =
                    mutants.stream().filter(m -> m.sentences().contains(s.id())).toList();
            List<Mutants.Entry> caught = breaking.stream()
                    .filter(m -> checking.stream().anyMatch(t -> t.isCaughtBy(m.caughtBy())))
                    .toList();
            rows.add(new Row(s, checking, breaking, caught, reviewed.get(s.id())));
        }
        return rows;
    }

    /** Every broken rule; empty when the page may be committed as it is. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        Map<String, Sentence> byId = new LinkedHashMap<>();
        for (Sentence s : sentences) {
            String where = s.document() + ":" + s.line();
            String prefix = prefixOf(s.document());
            if (!ID.matcher(s.id()).matches() || !s.id().startsWith(prefix)) {
                problems.add(where + ": sentence id '" + s.id() + "' must start with '" + prefix
                        + "' and be lowercase letters, digits and single dashes");
            }
            Sentence before = byId.putIfAbsent(s.id(), s);
            if (before != null) {
                problems.add(where + ": sentence id '" + s.id() + "' is taken already at " + before.document() + ":"
                        + before.line() + "; ids are links and must be unique");
            }
        }
        for (CheckingTest t : tests) {
            if (t.sentences().isEmpty()) {
                problems.add(t.id() + " names no sentence: add @Checks with the ids of the statement's sentences it "
                        + "checks, or write the sentence its check stands for into the statement");
            }
            t.sentences().stream()
                    .filter(id -> !byId.containsKey(id))
                    .forEach(id -> problems.add(
                            t.id() + " names '" + id + "', which no statement has (a typo, or a removed anchor)"));
        }
        for (Mutants.Entry m : mutants) {
            if (m.sentences().isEmpty()) {
                problems.add("mutant " + m.name() + " names no sentence: say in @Mutant(sentences = ...) which "
                        + "sentence of the statement it breaks");
            }
            m.sentences().stream()
                    .filter(id -> !byId.containsKey(id))
                    .forEach(id -> problems.add("mutant " + m.name() + " names '" + id + "', which no statement has"));
            List<CheckingTest> catching =
                    tests.stream().filter(t -> t.isCaughtBy(m.caughtBy())).toList();
            if (!m.sentences().isEmpty()
                    && !catching.isEmpty()
                    && catching.stream().noneMatch(t -> t.sentences().stream().anyMatch(m.sentences()::contains))) {
                problems.add("mutant " + m.name() + " breaks " + m.sentences() + " but its catching test "
                        + m.caughtBy() + " names none of them: point it at the sentence its test checks, or add "
                        + "the sentence to that test's @Checks");
            }
        }
        Set<String> reviewedIds = new HashSet<>();
        for (Review r : reviews) {
            if (!reviewedIds.add(r.id())) {
                problems.add(Review.FILE + ": " + r.id() + " is listed twice");
            }
            if (!byId.containsKey(r.id())) {
                problems.add(Review.FILE + ": " + r.id() + " is no sentence of any statement: remove its line");
            }
        }
        for (Row row : rows()) {
            problems.addAll(rowProblems(row));
        }
        return problems;
    }

    private static List<String> rowProblems(Row row) {
        Sentence s = row.sentence();
        String what = s.id() + " (" + s.document() + ":" + s.line() + ")";
        Review review = row.review();
        if (review != null && review.status() == Review.Status.OPEN) {
            return row.covered()
                    ? List.of(what + " is covered now (tests and a caught mutant): remove its 'open' line " + "from "
                            + Review.FILE)
                    : List.of();
        }
        List<String> problems = new ArrayList<>();
        if (row.tests().isEmpty()) {
            problems.add(what + " has no test: name it in the @Checks of the test that checks it, write that test, "
                    + "or change the sentence if the course does not mean to grade it");
        }
        if (review != null) { // no-mutant
            if (!row.caught().isEmpty()) {
                problems.add(what + " is reviewed as 'no-mutant' but "
                        + row.caught().get(0).name() + " shows its breakage: remove its line from " + Review.FILE);
            }
            return problems;
        }
        if (!row.tests().isEmpty() && row.caught().isEmpty()) {
            problems.add(what
                    + (row.mutants().isEmpty()
                            ? " has no mutant"
                            : " has mutants "
                                    + row.mutants().stream()
                                            .map(Mutants.Entry::name)
                                            .toList() + ", none caught by its own tests")
                    + ": write a mutant (grading/mutants) that breaks it and is caught by one of "
                    + row.tests().stream().map(CheckingTest::shortId).toList() + ", or say in " + Review.FILE
                    + " why no mutant can show its breakage (no-mutant)");
        }
        return problems;
    }

    /** The id prefix of a document: {@code s1-} for stages/1-slug/README.md, {@code c-} for the contract. */
    static String prefixOf(String document) {
        if (document.startsWith("stages/")) {
            return "s" + document.substring("stages/".length()).replaceFirst("-.*", "") + "-";
        }
        return "c-";
    }
}
