package grading;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@code ./course grade}. */
/**
 * @param gradescopeZip when set, write Gradescope's autograder zip there for {@code stage} instead of grading
 * @param sandbox false when the instructor said {@code --no-sandbox}: the tests run without bubblewrap
 */
record GradeOptions(int stage, Path submission, String factory, String student, Path out, boolean gradescope,
                    boolean perf, String only, Limits limits, boolean mutantMatrix, boolean isolated, boolean help,
                    Long seed, Path gradescopeZip, boolean sandbox) {
    /** Parses {@code ./course grade}'s command line (picocli, in {@link GradeArgs}); bad input is a GradeException. */
    static GradeOptions parse(String[] args) {
        return GradeArgs.parse(args);
    }

    /** The options {@code --gradescope-zip} fixes for every submission it grades. */
    List<String> gradeOptionsForEverySubmission() {
        List<String> options = new ArrayList<>(List.of(
                "--time-limit", String.valueOf(limits.wholeRun().toSeconds()),
                "--test-time-limit", String.valueOf(limits.perTest().toSeconds())));
        if (limits.perClass() != null) {
            options.addAll(List.of("--class-time-limit", String.valueOf(limits.perClass().toSeconds())));
        }
        if (!perf) {
            options.add("--no-perf");
        }
        if (!sandbox) {
            options.add("--no-sandbox");
        }
        return options;
    }
}
