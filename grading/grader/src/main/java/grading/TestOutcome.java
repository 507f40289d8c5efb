package grading;

import course.results.Grade;
import course.results.TestResult;
import grading.runner.ReportLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What the tests of a grade came to: each test's result and visibility, the score by weight, the points each test
 * was worth (by test name: what the Gradescope export shows per test) and the notes that explain the run. The grade
 * is built from it; a step that changes the points (the provided storage engine) returns a new one.
 */
record TestOutcome(List<TestResult> tests, Grade.Score score, Map<String, Double> worth, List<String> notes) {
    static final String NEVER_TAG = "visibility-never";

    TestOutcome {
        tests = List.copyOf(tests);
        worth = Map.copyOf(worth);
        notes = List.copyOf(notes);
    }

    /** The tests of a grade that ran them, with a second run's outcomes and each re-run test's first run. */
    static TestOutcome of(Rerun rerun, Weights weights) {
        return of(rerun.merged(), rerun.firstRuns(), weights);
    }

    /**
     * Tests and score from a run; tests that never finished get the reason the run ended, and a test named in
     * {@code firstRuns} (by id) keeps how it went the first time.
     */
    static TestOutcome of(TestJvm.Outcome run, Map<String, TestResult.Attempt> firstRuns, Weights weights) {
        Map<String, Weights.Weight> perTest = weights.forTests(run.planned().keySet());
        TreeSet<String> unweighted = new TreeSet<>();
        List<TestResult> tests = new ArrayList<>();
        Map<String, Double> worth = new LinkedHashMap<>();
        Tally tally = new Tally();
        List<String> notSeen = new ArrayList<>();
        for (Map.Entry<String, String> planned : run.planned().entrySet()) {
            String id = planned.getKey();
            String testClass = className(id);
            Weights.Weight w = perTest.get(id);
            if (!weights.weighs(id)) {
                unweighted.add(testClass);
            }
            TestResult t = result(id, planned.getValue(), w, run, firstRuns.get(id));
            tests.add(t);
            // A test skips itself only where the grading machine lacks what it needs (a small disk it may fill): no
            // node can make it skip, so its points leave the maximum instead of costing the student.
            boolean skipped = "skipped".equals(t.outcome());
            double share = skipped ? 0 : w.points(); // this test's own points, or its share of its class's
            worth.put(t.name(), Points.round(share));
            tally.add(w.category(), share, "passed".equals(t.outcome()) ? share : 0);
            if (skipped) {
                notSeen.add(t.name() + " (" + Points.round(w.points()) + " points: " + t.message() + ")");
            }
        }
        List<String> notes = new ArrayList<>();
        if (!notSeen.isEmpty()) {
            notes.add("could not run on this grading machine, so left out of the score and its maximum: "
                    + String.join("; ", notSeen));
        }
        if (!unweighted.isEmpty()) {
            notes.add("no weight in grading/weights.properties for " + String.join(", ", unweighted)
                    + ": counted as 1 point each, category 'unweighted'");
        }
        if (run.planned().isEmpty()) {
            notes.add("no tests were found to run; the test JVM said:\n" + Messages.cut(run.stderrTail()));
        }
        if (run.timedOut()) {
            notes.add("the test run hit its time limit and was stopped; unfinished tests count as errors");
        }
        if (run.leftRunning() > 0) {
            notes.add(run.leftRunning() + " processes the submission started could not be ended within "
                    + TestJvm.LEFTOVER_PATIENCE.toSeconds() + " s of the end of the run; grades that follow on this "
                    + "machine may be starved of processes until they end");
        }
        return new TestOutcome(tests, tally.score(), worth, notes);
    }

    /** A grade where no test could run (stage not declared, compile error): zero of the stage's full points. */
    static TestOutcome nothingRan(Weights weights, int stage) {
        Map<String, Double> max = new LinkedHashMap<>();
        weights.classes().forEach((testClass, w) -> {
            if (stageOf(testClass) <= stage) {
                max.merge(w.category(), w.points(), Double::sum);
            }
        });
        List<Grade.Part> parts = max.entrySet().stream()
                .map(e -> new Grade.Part(e.getKey(), 0, e.getValue()))
                .toList();
        double total = Points.round(parts.stream().mapToDouble(Grade.Part::max).sum());
        return new TestOutcome(List.of(), new Grade.Score(0, total, parts), Map.of(), List.of());
    }

    private static TestResult result(
            String id, String tags, Weights.Weight w, TestJvm.Outcome run, TestResult.Attempt firstRun) {
        String testClass = className(id);
        String visibility = tags.contains(NEVER_TAG)
                ? "never"
                : testClass.startsWith("course.hidden.") ? "hidden-until-due" : "visible";
        ReportLine report = run.results().get(id);
        if (report != null) {
            return new TestResult(
                    testName(id),
                    stageOf(testClass),
                    w.category(),
                    report.outcome(),
                    Messages.cut(report.message()),
                    visibility,
                    report.millis(),
                    firstRun);
        }
        String unfinished = run.timedOut()
                ? "not finished: the test run was stopped at its time limit (the submission hangs or is too slow)"
                : "not finished: the test JVM ended early (exit code " + run.exitCode() + "); its last output:\n"
                        + Messages.cut(run.stderrTail());
        return new TestResult(
                testName(id), stageOf(testClass), w.category(), "error", unfinished, visibility, null, firstRun);
    }

    /** Points per category in the order categories first appear, summed unrounded and rounded once at the end. */
    private static final class Tally {
        private final Map<String, double[]> earnedAndMax = new LinkedHashMap<>();

        void add(String category, double max, double earned) {
            double[] sums = earnedAndMax.computeIfAbsent(category, c -> new double[2]);
            sums[0] += earned;
            sums[1] += max;
        }

        Grade.Score score() {
            List<Grade.Part> parts = earnedAndMax.entrySet().stream()
                    .map(e -> new Grade.Part(e.getKey(), Points.round(e.getValue()[0]), Points.round(e.getValue()[1])))
                    .toList();
            return new Grade.Score(
                    Points.round(parts.stream().mapToDouble(Grade.Part::earned).sum()),
                    Points.round(parts.stream().mapToDouble(Grade.Part::max).sum()),
                    parts);
        }
    }

    /** The name a grade shows for a test id (CLASS#METHOD): the class's simple name, a dot, the method. */
    static String testName(String id) {
        return simpleName(className(id)) + "." + id.substring(id.indexOf('#') + 1);
    }

    static String className(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? id : id.substring(0, hash);
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    static int stageOf(String testClass) {
        var m = Pattern.compile("\\.stage(\\d+)\\.").matcher(testClass);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }
}
