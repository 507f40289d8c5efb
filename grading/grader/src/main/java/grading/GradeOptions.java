package grading;

import java.nio.file.Path;
import java.time.Duration;

/** The command line of {@code ./course grade}. */
record GradeOptions(int stage, Path submission, String factory, String student, Path out, boolean gradescope,
                    boolean perf, String only, Limits limits, boolean mutantMatrix, boolean isolated, boolean help,
                    Long seed) {
    static final String USAGE = """
            usage: ./course grade --stage N --submission DIR [--student NAME] [--out FILE] [--export gradescope] [--no-perf] [--seed N]
                   ./course grade --stage N --factory CLASS ...     grade the course's own code (a reference or a mutant)
                   ./course grade --mutant-matrix [--out docs/grading/mutants.md]
                   ./course grade --mutant-matrix --isolated    each mutant graded like a submission (sandbox, JVM per node)
              --submission  a student repository, or a copy of its starter/student folder; only src/main/java and
                            src/main/resources are taken, built in a fresh workspace and tested in a sandbox
              --stage       the stage to grade: the public and hidden tests of stages 1..N run
              --student     name recorded in the grade (default: the submission folder's name)
              --out         the grade document (default: grades/<student>-stage<N>.json)
              --export gradescope   also write Gradescope's results.json next to --out
              --no-perf     skip the performance run next to the reference
              --seed N      the seed of every random choice of the tests (default: a new one, printed and kept in
                            the grade); the same seed replays a grade
              --only SUFFIX run only test classes whose name ends with SUFFIX (a quick look; the score is partial)
              --time-limit SECONDS       the whole test run (default 900)
              --test-time-limit SECONDS  each test (default 150)
              --mutant-matrix  run every mutant against its catching test and the public tests of its stage, print
                            the matrix and write it as Markdown (nodes in-process: about 2 minutes)
              --isolated    with --mutant-matrix: grade each mutant in the sandbox with --only its catching test's
                            class, every node a JVM of its own, and check that test fails (about 15 minutes)""";

    static GradeOptions parse(String[] args) {
        Integer stage = null;
        Path submission = null;
        Path out = null;
        String factory = null;
        String student = null;
        String only = null;
        boolean gradescope = false;
        boolean perf = true;
        boolean matrix = false;
        boolean isolated = false;
        Limits limits = Limits.standard();
        Long seed = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    return new GradeOptions(0, null, null, null, null, false, false, null, limits, false, false, true, null);
                }
                case "--no-perf" -> perf = false;
                case "--mutant-matrix" -> matrix = true;
                case "--isolated" -> isolated = true;
                default -> {
                    if (i + 1 >= args.length) {
                        throw new GradeException(a + (a.startsWith("--") ? " needs a value" : ": unknown argument"));
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--stage" -> stage = number(a, v, 1, 10);
                        case "--submission" -> submission = Path.of(v);
                        case "--factory" -> factory = v;
                        case "--student" -> student = v;
                        case "--out" -> out = Path.of(v);
                        case "--only" -> only = v;
                        case "--seed" -> seed = seed(v);
                        case "--export" -> {
                            if (!v.equals("gradescope")) {
                                throw new GradeException("--export knows only 'gradescope', got '" + v + "'");
                            }
                            gradescope = true;
                        }
                        case "--time-limit" -> limits = limits.withWholeRun(Duration.ofSeconds(number(a, v, 10, 86400)));
                        case "--test-time-limit" -> limits = limits.withPerTest(Duration.ofSeconds(number(a, v, 5, 3600)));
                        default -> throw new GradeException("unknown option " + a);
                    }
                }
            }
        }
        if (isolated && !matrix) {
            throw new GradeException("--isolated goes with --mutant-matrix");
        }
        if (matrix) {
            return new GradeOptions(0, null, null, null, out == null ? Path.of("docs/grading/mutants.md") : out,
                    false, false, null, limits, true, isolated, false, null);
        }
        if (stage == null) {
            throw new GradeException("--stage is required");
        }
        if ((submission == null) == (factory == null)) {
            throw new GradeException("give exactly one of --submission DIR or --factory CLASS");
        }
        if (student == null) {
            student = submission != null ? submission.toAbsolutePath().normalize().getFileName().toString()
                    : factory.substring(factory.lastIndexOf('.') + 1);
        }
        if (out == null) {
            out = Path.of("grades", student + "-stage" + stage + ".json");
        }
        return new GradeOptions(stage, submission, factory, student, out, gradescope, perf, only, limits, false, false,
                false, seed);
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new GradeException("--seed takes a whole number (a grade prints its seed), got '" + value + "'");
        }
    }

    private static int number(String option, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new GradeException(option + " takes a number from " + min + " to " + max + ", got '" + value + "'");
    }
}
