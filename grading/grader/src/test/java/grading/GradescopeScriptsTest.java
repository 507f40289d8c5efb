package grading;

import static grading.RefusedOptions.assertRefused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import course.results.Results;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * setup.sh and run_autograder, the zip's two scripts, in seconds: each runs against a stub course (a {@code course}
 * script that answers as told) and stub apt tools, so that every way a step fails is seen to stop the script with
 * the step's name, a non-zero exit code and, for run_autograder, a results.json that says so. The real course, on a
 * real image, is GradescopeAutograderTest (run_autograder only) and grading/gradescope/try-in-clean-root.sh (both,
 * in a clean Debian root file system; it needs root and the network, so it is not part of ./course test).
 */
class GradescopeScriptsTest {
    @TempDir
    Path dir;

    /** Gradescope's layout with this zip's scripts and a stub course whose ./course runs {@code courseScript}. */
    private Path autograder(String courseScript, List<String> gradeArgs) throws IOException {
        Path root = Files.createDirectories(dir.resolve("autograder"));
        Path source = Files.createDirectories(root.resolve("source"));
        for (String name : List.of("setup.sh", "run_autograder")) {
            try (InputStream in = GradescopeAutograder.class.getResourceAsStream("gradescope/" + name)) {
                Files.copy(in, source.resolve(name));
            }
            executable(source.resolve(name));
        }
        Files.copy(source.resolve("run_autograder"), root.resolve("run_autograder"));
        executable(root.resolve("run_autograder"));
        Files.writeString(source.resolve("grade.args"), String.join("\n", gradeArgs) + "\n");
        Files.writeString(source.resolve("time-limit-seconds"), "600\n");
        Path course = Files.createDirectories(source.resolve("course/scripts"));
        script(course.resolveSibling("course"), courseScript);
        script(course.resolveSibling("mvnw"), "exit 0");
        Files.createDirectories(root.resolve("submission"));
        return root;
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    record Run(int code, String output) {}

    /** Runs a script with AUTOGRADER_ROOT and the given environment; stub tools go first on PATH. */
    private Run run(Path root, Path script, Map<String, String> env, Path stubs) throws Exception {
        ProcessBuilder b = new ProcessBuilder("bash", script.toString())
                .directory(root.toFile())
                .redirectErrorStream(true);
        b.environment().put("AUTOGRADER_ROOT", root.toString());
        if (stubs != null) {
            b.environment().put("PATH", stubs + ":" + b.environment().getOrDefault("PATH", "/usr/bin:/bin"));
        }
        b.environment().putAll(env);
        Process p = b.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after 60 s: " + script);
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private static JsonNode results(Path root) throws IOException {
        Path results = root.resolve("results/results.json");
        assertTrue(Files.isRegularFile(results), "no results.json");
        return Results.mapper().readTree(Files.readString(results));
    }

    /** A stub course whose grade writes a results.json next to --out and records its arguments. */
    private static final String GRADES = """
            out=""; prev=""
            for a in "$@"; do [ "$prev" = --out ] && out=$a; prev=$a; done
            printf '%s\\n' "$@" > "$(dirname "$out")/args.txt"
            echo '{"score": 3.5, "tests": [{"name": "t", "score": 3.5, "max_score": 3.5}]}' \\
                > "$(dirname "$out")/results.json"
            """;

    @Test
    void aGradeThatIsWrittenExitsZeroWithTheZipsOptions() throws Exception {
        Path root = autograder(GRADES, List.of("--stage", "1", "--no-perf"));
        Run r = run(root, root.resolve("run_autograder"), Map.of("COURSE_GRADE_ARGS", "--only X"), null);
        assertEquals(0, r.code(), r.output());
        assertEquals(3.5, results(root).get("score").asDouble(), r.output());
        assertEquals(
                List.of(
                        "grade",
                        "--stage",
                        "1",
                        "--no-perf",
                        "--submission",
                        root.resolve("submission").toString(),
                        "--student",
                        "submission",
                        "--out",
                        root.resolve("results/grade.json").toString(),
                        "--export",
                        "gradescope",
                        "--only",
                        "X"),
                Files.readAllLines(root.resolve("results/args.txt")));
        assertTrue(r.output().contains("at most 600 s"), r.output());
    }

    @Test
    void aRefusedGradeFailsLoudlyAndStillLeavesAResultsJson() throws Exception {
        Path root = autograder(
                "echo 'course grade: the bubblewrap sandbox does not work on this machine' >&2; exit 2",
                List.of("--stage", "1"));
        Run r = run(root, root.resolve("run_autograder"), Map.of(), null);
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("the bubblewrap sandbox does not work"), r.output());
        assertTrue(r.output().contains("FAILED in step 'grade'"), r.output());
        JsonNode json = results(root);
        assertEquals(0, json.get("score").asDouble());
        String said = json.get("output").asText();
        assertTrue(
                said.contains("step 'grade'") && said.contains("refused") && said.contains("not your submission's"),
                said);
    }

    @Test
    void aGraderThatCrashesOrWritesNothingFailsNamingTheStep() throws Exception {
        Path root = autograder("exit 1", List.of("--stage", "1"));
        Run r = run(root, root.resolve("run_autograder"), Map.of(), null);
        assertEquals(1, r.code(), r.output());
        assertTrue(results(root).get("output").asText().contains("exited with code 1"), r.output());

        Files.delete(root.resolve("source/course/course"));
        script(root.resolve("source/course/course"), "exit 0");
        r = run(root, root.resolve("run_autograder"), Map.of(), null);
        assertEquals(1, r.code(), r.output());
        assertTrue(results(root).get("output").asText().contains("step 'check results.json'"), r.output());
    }

    @Test
    void aGradeOverItsTimeLimitIsStoppedAndSaysSo() throws Exception {
        Path root = autograder("exec sleep 30", List.of("--stage", "1"));
        long start = System.nanoTime();
        Run r = run(root, root.resolve("run_autograder"), Map.of("AUTOGRADER_TIME_LIMIT", "1"), null);
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos(), "the time limit did not stop it");
        assertEquals(1, r.code(), r.output());
        assertTrue(
                results(root).get("output").asText().contains("did not end within its time limit of 1 s"), r.output());
    }

    @Test
    void aMissingSubmissionOrSetupIsTheLayoutStep() throws Exception {
        Path root = autograder(GRADES, List.of("--stage", "1"));
        Files.delete(root.resolve("submission"));
        Run r = run(root, root.resolve("run_autograder"), Map.of(), null);
        assertEquals(1, r.code(), r.output());
        assertTrue(results(root).get("output").asText().contains("step 'check the layout'"), r.output());
        assertTrue(r.output().contains("submission is missing"), r.output());
    }

    /** Stub apt-get and apt-cache: apt-get records its arguments and exits {@code aptGetExit}. */
    private Path aptStubs(int aptGetExit, String candidates) throws IOException {
        Path stubs = Files.createDirectories(dir.resolve("stubs"));
        script(
                stubs.resolve("apt-get"),
                "echo \"$*\" >> " + dir.resolve("apt-get.txt") + "\n"
                        + (aptGetExit == 0 ? "" : "echo 'E: could not reach the mirror' >&2\n") + "exit " + aptGetExit);
        // Candidates: "pkg=version" words; every other package has none.
        script(
                stubs.resolve("apt-cache"),
                "for c in " + candidates + "; do\n"
                        + "  [ \"${c%%=*}\" = \"$2\" ] && { echo \"$2:\"; echo \"  Candidate: ${c#*=}\"; exit 0; }\n"
                        + "done\necho \"$2:\"; echo '  Candidate: (none)'");
        return stubs;
    }

    /** The stub course's scripts/lib.sh: a JDK is found once apt-get installed one (or never, when told). */
    private void libSh(Path root, boolean jdkInstalledByAptGet) throws IOException {
        Files.writeString(
                root.resolve("source/course/scripts/lib.sh"),
                jdkInstalledByAptGet
                        ? "course_find_jdk() { grep -q jdk " + dir.resolve("apt-get.txt") + " 2>/dev/null || return 1;"
                                + " JAVA_HOME=/stub/jdk; COURSE_JDK_VERSION=25; }\n"
                        : "course_find_jdk() { return 1; }\n");
    }

    @Test
    void setupStopsAtTheFirstFailingStepAndNamesIt() throws Exception {
        Path root = autograder("exit 0", List.of("--stage", "1"));
        libSh(root, true);
        Run r = run(root, root.resolve("source/setup.sh"), Map.of(), aptStubs(100, ""));
        assertTrue(r.code() != 0, r.output());
        assertTrue(r.output().contains("E: could not reach the mirror"), r.output());
        assertTrue(r.output().contains("FAILED in step 'apt-get update' (exit code 100"), r.output());
    }

    @Test
    void setupSaysWhereNoJdkOf21OrLaterCanBeInstalled() throws Exception {
        Path root = autograder("exit 0", List.of("--stage", "1"));
        libSh(root, false);
        Run r = run(root, root.resolve("source/setup.sh"), Map.of(), aptStubs(0, "openjdk-17-jdk-headless=17.0.1"));
        assertEquals(1, r.code(), r.output());
        assertTrue(
                r.output().contains("none of these packages can be installed here: openjdk-21-jdk-headless"),
                r.output());
        assertTrue(r.output().contains("Debian 12 has only 17"), r.output());
        assertTrue(r.output().contains("FAILED in step 'choose a JDK >= 21'"), r.output());
    }

    @Test
    void setupInstallsTheFirstJdkThatIsThereBuildsAndChecksTheSandbox() throws Exception {
        // A stub course that builds, and whose sandbox check fails: the zip wants the sandbox.
        Path root = autograder("""
                case "$1 ${2:-}" in
                  "grade --check-sandbox")
                    echo 'course grade: the bubblewrap sandbox does not work here: no proc' >&2; exit 2 ;;
                  *) echo "course $*"; exit 0 ;;
                esac""", List.of("--stage", "1"));
        libSh(root, true);
        Path stubs = aptStubs(0, "openjdk-25-jdk-headless=25.0.1");
        Run r = run(root, root.resolve("source/setup.sh"), Map.of(), stubs);
        assertEquals(1, r.code(), r.output());
        String apt = Files.readString(dir.resolve("apt-get.txt"));
        assertTrue(apt.contains("install -y --no-install-recommends openjdk-25-jdk-headless python3 bubblewrap"), apt);
        assertTrue(r.output().contains("course build"), r.output());
        assertTrue(
                r.output().contains("no proc") && r.output().contains("build the zip with --no-sandbox"), r.output());
        assertTrue(r.output().contains("FAILED in step 'check the sandbox'"), r.output());

        // The same zip made with --no-sandbox: the check is skipped and the script ends well, with its times.
        Files.writeString(root.resolve("source/grade.args"), "--stage\n1\n--no-sandbox\n");
        Files.delete(dir.resolve("apt-get.txt"));
        r = run(root, root.resolve("source/setup.sh"), Map.of(), stubs);
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("WITHOUT the sandbox") && r.output().contains("setup.sh: ready in"), r.output());
    }

    @Test
    void theZipCarriesATimeLimitThatFitsGradescopesMaximum() {
        GradeOptions o = GradeOptions.parse(new String[] {"--stage", "1", "--gradescope-zip", "a.zip"});
        // The 1200 s test run and two stopped classes' 150 s, the second run's 300 s, 2 sides x 2 measurements x
        // 120 s of performance, 1 minute besides: 39 minutes, under Gradescope's 40.
        assertEquals(Duration.ofMinutes(39), o.autograderTimeLimit());
        assertEquals(
                List.of("--time-limit", "1200", "--test-time-limit", "150", "--rerun-time-limit", "300"),
                o.gradeOptionsForEverySubmission().subList(0, 6),
                "every submission's grade gets the limits the zip's time limit was worked out from");
        assertEquals(
                Duration.ofMinutes(31),
                GradeOptions.parse(new String[] {"--stage", "1", "--gradescope-zip", "a.zip", "--no-perf"})
                        .autograderTimeLimit());
        assertEquals(
                Duration.ofMinutes(35),
                GradeOptions.parse(
                                new String[] {"--stage", "1", "--gradescope-zip", "a.zip", "--rerun-time-limit", "60"})
                        .autograderTimeLimit(),
                "the second run's own limit, not the first run's again");
        assertRefused("--stage 1 --gradescope-zip a.zip --time-limit 1300", "more than Gradescope's 40-minute maximum");
        assertRefused(
                "--stage 1 --gradescope-zip a.zip --rerun-time-limit 500", "more than Gradescope's 40-minute maximum");
        assertRefused("--check-sandbox --stage 1", "--check-sandbox takes no other option");
        assertTrue(GradeOptions.parse(new String[] {"--check-sandbox"}).checkSandbox());
    }
}
