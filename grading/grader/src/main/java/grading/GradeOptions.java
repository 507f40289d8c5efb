package grading;

import java.nio.file.Path;

/** The command line of {@code ./course grade}. */
record GradeOptions(int stage, Path submission, String factory, String student, Path out, boolean gradescope,
                    boolean perf, String only, Limits limits, boolean mutantMatrix, boolean isolated, boolean help,
                    Long seed) {
    /** Parses {@code ./course grade}'s command line (picocli, in {@link GradeArgs}); bad input is a GradeException. */
    static GradeOptions parse(String[] args) {
        return GradeArgs.parse(args);
    }
}
