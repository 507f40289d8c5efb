package grading;

import course.results.Grade;
import course.results.TestResult;
import java.nio.file.Path;

/** The grade as a person reads it in a terminal. */
final class Summary {
    private Summary() {}

    static String of(Grade g, Path out) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                "%ngrade: stage %d, %s: %.2f / %.2f points (%d passed, %d failed, %d errors, %d skipped; %.0f s)%n",
                g.stage(),
                g.student(),
                g.score().earned(),
                g.score().max(),
                GradeCommand.count(g, "passed"),
                GradeCommand.count(g, "failed"),
                GradeCommand.count(g, "error"),
                GradeCommand.count(g, "skipped"),
                g.durationSeconds() == null ? 0 : g.durationSeconds()));
        if (g.seed() != null) {
            s.append(String.format(
                    "  seed %d: --seed %d grades again with the same random choices%n", g.seed(), g.seed()));
        }
        for (Grade.Part p : g.score().breakdown()) {
            s.append(String.format("  %-14s %7.2f / %.2f%n", p.category(), p.earned(), p.max()));
        }
        var failing = GradeCommand.notPassed(g);
        if (!failing.isEmpty()) {
            s.append("not passed:\n");
            for (TestResult t : failing) {
                // The whole message: got / expected, the seed and the replay line, the nodes' last log lines.
                s.append(String.format(
                        "  [%s] %s %s%s: %s%n",
                        t.visibility(),
                        t.name(),
                        t.outcome(),
                        t.firstRun() == null ? "" : " (twice, with the same seed)",
                        t.message() == null
                                ? ""
                                : Messages.cut(t.message()).strip().replace("\n", "\n      ")));
            }
        }
        if (!g.notes().isEmpty()) {
            s.append("notes:\n");
            g.notes()
                    .forEach(n -> s.append("  - ")
                            .append(Messages.cut(Diagnosis.firstLines(n, 12)).replace("\n", "\n    "))
                            .append('\n'));
        }
        s.append("written: ").append(out.toAbsolutePath()).append('\n');
        return s.toString();
    }
}
