package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import course.results.Grade;
import course.results.Results;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The autograder zip as Gradescope uses it: unpacked into source/ of a fresh folder laid out like /autograder (with
 * run_autograder copied beside it), then run_autograder on a correct and on a broken stage-1 submission, one after
 * the other on the same image, as Gradescope does. Each run must leave results/results.json in Gradescope's
 * documented format, and the grade document beside it. The grade runs one test class and no performance run, to keep
 * this test to a few minutes. It is also the suite's check that a sandboxed grade of the stage-1 reference passes
 * the protocol tests and exports them for Gradescope: a second grade of the same class in GradeCommandTest cost the
 * suite 25 core-seconds for the same assertions.
 */
class GradescopeAutograderTest {
    private static final Set<String> VISIBILITIES = Set.of("hidden", "after_due_date", "after_published", "visible");

    @TempDir
    Path dir;

    @Test
    void theZipGradesACorrectAndABrokenSubmissionIntoGradescopesResults() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/unzip")), "unzip is not installed");
        Path zip = dir.resolve("autograder.zip");
        GradescopeAutograder.write(GradeCommand.courseRoot(), 1, List.of("--no-perf"), Duration.ofMinutes(20), zip);
        Path root = Files.createDirectories(dir.resolve("autograder"));
        run(List.of("unzip", "-q", zip.toString(), "-d", root.resolve("source").toString()), dir, null);
        assertTrue(Files.isExecutable(root.resolve("source/setup.sh")), "setup.sh must be at the zip's root");
        assertEquals(
                "1200",
                Files.readString(root.resolve("source/time-limit-seconds")).trim(),
                "run_autograder's time limit must travel in the zip");
        Files.copy(root.resolve("source/run_autograder"), root.resolve("run_autograder"));
        assertTrue(Files.isExecutable(root.resolve("run_autograder")), "run_autograder lost its execute bit");

        referenceAsSubmission(root.resolve("submission"), false);
        JsonNode correct = runAutograder(root);
        assertTrue(correct.get("tests").size() >= 10, "expected the protocol tests: " + correct.toPrettyString());
        // The grade document the zip's run leaves beside results.json: the same grade, read back whole.
        Grade grade = Results.read(root.resolve("results/grade.json"), Grade.class);
        assertEquals(
                List.of(),
                GradeCommand.notPassed(grade).stream()
                        .map(t -> t.name() + ": " + t.message())
                        .toList());
        assertEquals(grade.score().max(), grade.score().earned());
        assertEquals(grade.score().earned(), correct.get("score").asDouble(), 0.01);
        assertEquals(grade.tests().size(), correct.get("tests").size());
        assertEquals(
                GradeCommandTest.SANDBOX_WORKS, grade.sandboxed(), "the grade must say whether the sandbox was used");
        // Each test's points are rounded to two decimals, so their sum may differ from the score by that much each.
        assertEquals(
                maxScore(correct),
                correct.get("score").asDouble(),
                0.01 * correct.get("tests").size(),
                correct.toPrettyString());

        TempFiles.deleteTree(root.resolve("submission"));
        TempFiles.deleteTree(root.resolve("results"));
        referenceAsSubmission(root.resolve("submission"), true);
        JsonNode broken = runAutograder(root);
        assertTrue(
                broken.get("score").asDouble() < maxScore(broken) - 1,
                "a node that answers a PUT with 200 kept " + "every point:\n" + broken.toPrettyString());
        assertTrue(broken.get("tests").size() == correct.get("tests").size(), broken.toPrettyString());
    }

    /** Runs run_autograder as Gradescope would and checks results.json against Gradescope's format. */
    private JsonNode runAutograder(Path root) throws Exception {
        String out = run(List.of(root.resolve("run_autograder").toString()), root, root);
        Path results = root.resolve("results/results.json");
        assertTrue(Files.isRegularFile(results), "run_autograder wrote no results/results.json; its output:\n" + out);
        JsonNode json = Results.mapper().readTree(Files.readString(results));
        assertTrue(json.get("score").isNumber(), json.toPrettyString());
        for (JsonNode test : json.get("tests")) {
            assertTrue(
                    test.get("name").isTextual()
                            && test.get("score").isNumber()
                            && test.get("max_score").isNumber(),
                    test.toPrettyString());
            assertTrue(VISIBILITIES.contains(test.get("visibility").asText()), test.toPrettyString());
        }
        JsonNode board = json.get("leaderboard");
        assertTrue(board != null && board.isArray() && !board.isEmpty(), json.toPrettyString());
        for (JsonNode entry : board) {
            assertTrue(entry.get("name").isTextual() && entry.get("value").isNumber(), entry.toPrettyString());
            assertTrue(Set.of("asc", "desc").contains(entry.path("order").asText("desc")), entry.toPrettyString());
        }
        return json;
    }

    private static double maxScore(JsonNode json) {
        double max = 0;
        for (JsonNode test : json.get("tests")) {
            max += test.get("max_score").asDouble();
        }
        return max;
    }

    /**
     * The stage-1 reference and its storage as a student would upload them (src/main/java and
     * submission.properties); {@code broken} answers a PUT with 200 instead of 201.
     */
    private static void referenceAsSubmission(Path submission, boolean broken) throws IOException {
        Path course = GradeCommand.courseRoot();
        for (String pkg : List.of(
                "solutions/server/src/main/java/solutions/stage1", "solutions/lsm/src/main/java/solutions/lsm")) {
            Path from = course.resolve(pkg);
            Path to = submission
                    .resolve("src/main/java/solutions")
                    .resolve(from.getFileName().toString());
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String text = Files.readString(f);
                    if (broken && f.getFileName().toString().equals("EntityHandler.java")) {
                        String put = text.replace("Response.CREATED)", "Response.OK)");
                        // A reference whose PUT is written another way would leave the "broken" node correct.
                        assertTrue(
                                !put.equals(text),
                                "EntityHandler no longer answers a PUT with"
                                        + " 'Response.CREATED)': make this test break the reference's PUT another way");
                        text = put;
                    }
                    Files.writeString(to.resolve(f.getFileName().toString()), text);
                }
            }
        }
        Submissions.write(
                submission,
                "src/main/resources/submission.properties",
                "factory=solutions.stage1.Stage1Factory\nstage=1\n");
    }

    /** Runs a command to its end (at most 20 minutes) and gives its output; AUTOGRADER_ROOT is set when given. */
    private static String run(List<String> command, Path workDir, Path autograderRoot) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        if (autograderRoot != null) {
            builder.environment().put("AUTOGRADER_ROOT", autograderRoot.toString());
            // Where bubblewrap does not work the grade refuses to run; the instructor's way round is --no-sandbox.
            builder.environment()
                    .put(
                            "COURSE_GRADE_ARGS",
                            "--only EntityProtocolTest" + (GradeCommandTest.SANDBOX_WORKS ? "" : " --no-sandbox"));
            // The machine has every dependency: the zip's copy builds offline. Without Error Prone: the zip holds
            // the sources ./course test compiles with it (this test runs in that build), and its bug patterns cost
            // four fifths of this build's CPU (about 100 of 125 core-seconds) for findings already reported.
            builder.environment().put("MAVEN_ARGS", "-o -Derrorprone.skip");
        }
        Process p = builder.start();
        byte[] output = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(20, TimeUnit.MINUTES), "still running after 20 minutes: " + command);
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), command + " failed:\n" + text);
        return text;
    }

    /** Deletes a folder tree (results/ and submission/ between two submissions, as a fresh container has none). */
    private static final class TempFiles {
        static void deleteTree(Path root) throws IOException {
            if (!Files.exists(root)) {
                return;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                List<Path> all = new ArrayList<>(walk.toList());
                Collections.reverse(all);
                for (Path p : all) {
                    Files.delete(p);
                }
            }
        }
    }
}
