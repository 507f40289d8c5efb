package grading;

import course.results.Environment;
import course.results.Grade;
import course.results.TestResult;
import grading.runner.Report;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Turns what the test JVM reported into a grade: per-test results, visibility, and points by weight. */
final class GradeBuilder {
    static final int MAX_MESSAGE = 4000;
    static final String NEVER_TAG = "visibility-never";

    private GradeBuilder() {
    }

    static Grade empty(int stage, String student) {
        Grade g = new Grade();
        g.createdAt = Instant.now().toString();
        g.stage = stage;
        g.student = student;
        g.environment = Environment.probe();
        return g;
    }

    /**
     * Fills tests and score from a run; tests that never finished get the reason the run ended. Returns the points
     * each test was worth, by test name.
     */
    static Map<String, Double> fill(Grade g, TestJvm.Outcome run, Weights weights) {
        Map<String, Weights.Weight> perTest = weights.forTests(run.planned().keySet());
        TreeSet<String> unweighted = new TreeSet<>();
        Map<String, Double> worth = new LinkedHashMap<>();
        Map<String, Grade.Part> parts = new LinkedHashMap<>();
        for (Map.Entry<String, String> planned : run.planned().entrySet()) {
            String id = planned.getKey();
            String testClass = className(id);
            Weights.Weight w = perTest.get(id);
            if (!weights.weighs(id)) {
                unweighted.add(testClass);
            }
            Report report = run.results().get(id);
            TestResult t = new TestResult();
            t.name = testName(id);
            t.stage = stageOf(testClass);
            t.category = w.category();
            t.visibility = planned.getValue().contains(NEVER_TAG) ? "never"
                    : testClass.startsWith("course.hidden.") ? "hidden-until-due" : "visible";
            if (report != null) {
                t.outcome = report.outcome();
                t.message = cut(report.message());
                t.durationMs = report.millis();
            } else {
                t.outcome = "error";
                t.message = run.timedOut()
                        ? "not finished: the test run was stopped at its time limit (the submission hangs or is too slow)"
                        : "not finished: the test JVM ended early (exit code " + run.exitCode() + "); its last output:\n"
                        + cut(run.stderrTail());
            }
            g.tests.add(t);
            double share = w.points();
            worth.put(t.name, round(share));
            Grade.Part part = parts.computeIfAbsent(w.category(), c -> {
                Grade.Part p = new Grade.Part();
                p.category = c;
                return p;
            });
            part.max += share;
            if ("passed".equals(t.outcome)) {
                part.earned += share;
            }
        }
        g.score.breakdown.addAll(parts.values());
        g.score.breakdown.forEach(p -> {
            p.earned = round(p.earned);
            p.max = round(p.max);
        });
        g.score.earned = round(g.score.breakdown.stream().mapToDouble(p -> p.earned).sum());
        g.score.max = round(g.score.breakdown.stream().mapToDouble(p -> p.max).sum());
        if (!unweighted.isEmpty()) {
            g.notes.add("no weight in grading/weights.properties for " + String.join(", ", unweighted)
                    + ": counted as 1 point each, category 'unweighted'");
        }
        if (run.planned().isEmpty()) {
            g.notes.add("no tests were found to run; the test JVM said:\n" + cut(run.stderrTail()));
        }
        if (run.timedOut()) {
            g.notes.add("the test run hit its time limit and was stopped; unfinished tests count as errors");
        }
        if (run.leftRunning() > 0) {
            g.notes.add(run.leftRunning() + " processes the submission started could not be ended within "
                    + TestJvm.LEFTOVER_PATIENCE.toSeconds() + " s of the end of the run; grades that follow on this "
                    + "machine may be starved of processes until they end");
        }
        return worth;
    }

    /** A grade where no test could run (stage not declared, compile error): zero of the stage's full points. */
    static void nothingRan(Grade g, Weights weights, int stage) {
        Map<String, Grade.Part> parts = new LinkedHashMap<>();
        weights.classes().forEach((testClass, w) -> {
            if (stageOf(testClass) <= stage) {
                parts.computeIfAbsent(w.category(), c -> {
                    Grade.Part p = new Grade.Part();
                    p.category = c;
                    return p;
                }).max += w.points();
            }
        });
        g.score.breakdown.addAll(parts.values());
        g.score.earned = 0;
        g.score.max = round(parts.values().stream().mapToDouble(p -> p.max).sum());
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

    /** A message fit for the grade: at most {@link #MAX_MESSAGE} code points, no raw control characters. */
    static String cut(String s) {
        return Messages.clean(s, MAX_MESSAGE);
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** Packages to run for a stage: public then hidden, stages 1..N. */
    static List<String> packages(int stage) {
        List<String> p = new ArrayList<>();
        for (int s = 1; s <= stage; s++) {
            p.add("course.tests.stage" + s);
        }
        for (int s = 1; s <= stage; s++) {
            p.add("course.hidden.stage" + s);
        }
        return p;
    }
}
