package grading;

import course.results.Grade;
import course.results.TestResult;
import grading.mutants.Mutants;
import grading.mutants.References;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./course grade --mutant-matrix --isolated}: every mutant graded the way a submission is (sandbox, every node
 * a JVM of its own), with only its catching test's class, and caught when that test does not pass. The in-process
 * matrix is the quick check in {@code ./course test}; this one shows the same holds where grades are made.
 */
final class IsolatedMutantMatrix {
    private IsolatedMutantMatrix() {}

    /** Grades every mutant (in the sandbox unless {@code sandbox} is false); true when each one's catching test failed. */
    static boolean run(PrintStream print, boolean sandbox) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("course-mutant-grades-");
        int caught = 0;
        int graded = 0;
        long start = System.nanoTime();
        for (Mutants.Entry m : Mutants.all()) {
            if (!References.exists(m.stage())) {
                print.println("skipped " + m.name() + ": no stage-" + m.stage() + " reference in this checkout");
                continue;
            }
            String testClass = catchingClass(m.caughtBy());
            String testName = testClass + "." + catchingMethod(m.caughtBy());
            long t0 = System.nanoTime();
            List<String> args = new ArrayList<>(List.of(
                    "--stage",
                    String.valueOf(m.stage()),
                    "--factory",
                    m.factory(),
                    "--only",
                    testClass,
                    "--no-perf",
                    "--out",
                    dir.resolve(m.name() + ".json").toString()));
            if (!sandbox) {
                args.add("--no-sandbox");
            }
            Grade g = GradeCommand.grade(
                    GradeOptions.parse(args.toArray(String[]::new)), new PrintStream(new ByteArrayOutputStream()));
            List<TestResult> catching = g.tests().stream()
                    .filter(t -> t.name().startsWith(testName))
                    .toList();
            boolean isCaught = !catching.isEmpty() && catching.stream().anyMatch(t -> !"passed".equals(t.outcome()));
            graded++;
            caught += isCaught ? 1 : 0;
            print.printf(
                    Locale.ROOT,
                    "%-28s stage %d  %-8s %s (%.0f s)%n",
                    m.name(),
                    m.stage(),
                    isCaught ? "caught" : "MISSED",
                    catching.isEmpty()
                            ? testName + " did not run"
                            : testName + ": " + catching.get(0).outcome(),
                    (System.nanoTime() - t0) / 1e9);
        }
        print.printf(
                Locale.ROOT,
                "%d of %d mutants caught, graded %s with a JVM per node (%.0f s); " + "grades in %s%n",
                caught,
                graded,
                sandbox ? "in the sandbox" : "WITHOUT a sandbox (--no-sandbox)",
                (System.nanoTime() - start) / 1e9,
                dir);
        return caught == graded;
    }

    /** "tests.stage1.EntityProtocolTest#oneMebibyteValue" -> "EntityProtocolTest". */
    static String catchingClass(String caughtBy) {
        String cls = caughtBy.contains("#") ? caughtBy.substring(0, caughtBy.indexOf('#')) : caughtBy;
        return cls.substring(cls.lastIndexOf('.') + 1);
    }

    static String catchingMethod(String caughtBy) {
        return caughtBy.contains("#")
                ? caughtBy.substring(caughtBy.indexOf('#') + 1).replaceFirst("\\(.*", "")
                : "";
    }
}
