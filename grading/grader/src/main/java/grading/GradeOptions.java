package grading;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code ./course grade}.
 *
 * @param gradescopeZip when set, write Gradescope's autograder zip there for {@code stage} instead of grading
 * @param perfStepSeconds the length of each step of the performance run's saturation search; 0: no performance run
 *     ({@code --no-perf})
 * @param freshReference {@code --perf-fresh-reference}: measure the reference's side even where an earlier grade's
 *     on this machine could stand for it ({@link ReferenceReuse})
 * @param sandbox false when the instructor said {@code --no-sandbox}: the tests run without bubblewrap
 * @param checkSandbox {@code --check-sandbox}: only try the sandbox and say whether it works
 */
record GradeOptions(
        int stage,
        Path submission,
        String factory,
        String student,
        Path out,
        boolean gradescope,
        int perfStepSeconds,
        boolean freshReference,
        String only,
        Limits limits,
        boolean mutantMatrix,
        boolean isolated,
        boolean help,
        Long seed,
        Path gradescopeZip,
        boolean sandbox,
        boolean checkSandbox) {
    /** Parses {@code ./course grade}'s command line (picocli, in {@link GradeArgs}); bad input is a GradeException. */
    static GradeOptions parse(String[] args) {
        return GradeArgs.parse(args);
    }

    /** Whether the grade has a performance run next to the reference. */
    boolean perf() {
        return perfStepSeconds > 0;
    }

    /** The options that ask for this performance run again: none for the default one. */
    List<String> perfOptions() {
        if (!perf()) {
            return List.of("--no-perf");
        }
        List<String> options = new ArrayList<>();
        if (perfStepSeconds != Performance.STEP_SECONDS) {
            options.addAll(List.of("--perf-step-seconds", String.valueOf(perfStepSeconds)));
        }
        if (freshReference) {
            options.add("--perf-fresh-reference");
        }
        return options;
    }

    /** Gradescope stops an autograder at 40 minutes at most (its assignment setting; 10 by default). */
    static final Duration GRADESCOPE_MAX = Duration.ofMinutes(40);
    /**
     * Besides the tests and the performance pair: compiling, starting JVMs, ending the sandboxes' processes (20 to 40 s
     * on the idle course VM); one minute keeps the default zip's limit a minute inside Gradescope's maximum.
     */
    static final Duration GRADE_OVERHEAD = Duration.ofMinutes(1);

    /**
     * The longest a grade with these limits can take, performance part included, which run_autograder enforces: the
     * test run (stopped classes' allowance included), the second run of the tests that did not pass within its own
     * limit, the two performance sides within theirs, and {@link #GRADE_OVERHEAD}.
     */
    Duration autograderTimeLimit() {
        // Each side is measured once more when the machine was busy (Performance.MEASUREMENTS_PER_SIDE).
        Duration perfPair = perf()
                ? Performance.SIDE_TIME_LIMIT.multipliedBy(2L * Performance.MEASUREMENTS_PER_SIDE)
                : Duration.ZERO;
        return limits.wholeRunWithStoppedClasses()
                .plus(limits.rerun())
                .plus(perfPair)
                .plus(GRADE_OVERHEAD);
    }

    /** The options {@code --gradescope-zip} fixes for every submission it grades. */
    List<String> gradeOptionsForEverySubmission() {
        List<String> options = new ArrayList<>(List.of(
                "--time-limit", String.valueOf(limits.wholeRun().toSeconds()),
                "--test-time-limit", String.valueOf(limits.perTest().toSeconds()),
                "--rerun-time-limit", String.valueOf(limits.rerun().toSeconds())));
        if (limits.perClass() != null) {
            options.addAll(List.of(
                    "--class-time-limit", String.valueOf(limits.perClass().toSeconds())));
        }
        if (limits.testJvms() != null) {
            options.addAll(List.of("--test-jvms", String.valueOf(limits.testJvms())));
        }
        options.addAll(perfOptions());
        if (!sandbox) {
            options.add("--no-sandbox");
        }
        return options;
    }
}
