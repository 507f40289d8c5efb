package grading;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The autograder zip Gradescope asks for: {@code setup.sh} and {@code run_autograder} at its root (Gradescope's
 * autograder specification), {@code grade.args} with the stage and options fixed for this assignment,
 * {@code time-limit-seconds} after which run_autograder stops a grade, and the
 * course itself under {@code course/}, which {@code setup.sh} builds in the image and {@code run_autograder} grades
 * {@code /autograder/submission} with, writing {@code /autograder/results/results.json}.
 */
final class GradescopeAutograder {
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");
    /** Never shipped, wherever they are: build output and tools' local state. */
    private static final Set<String> LEFT_OUT_ANYWHERE =
            Set.of(".git", "target", "__pycache__", ".idea", "node_modules");
    /** Never shipped from the checkout's root: what the course's own runs leave there (see .gitignore). */
    private static final Set<String> LEFT_OUT_AT_ROOT = Set.of(".venv", "site", "results", "runs", "build", "grades");

    private GradescopeAutograder() {}

    /** Writes the zip {@code o} asks for ({@code --gradescope-zip}): its stage, options and time limit. */
    static void write(Path courseRoot, GradeOptions o) throws IOException {
        write(courseRoot, o.stage(), o.gradeOptionsForEverySubmission(), o.autograderTimeLimit(), o.gradescopeZip());
    }

    /**
     * Writes the zip for grading {@code stage} with the given extra options (e.g. {@code --no-perf}); run_autograder
     * stops a grade after {@code timeLimit} (source/time-limit-seconds).
     */
    static void write(Path courseRoot, int stage, List<String> gradeOptions, Duration timeLimit, Path zip)
            throws IOException {
        Files.deleteIfExists(zip);
        if (zip.toAbsolutePath().getParent() != null) {
            Files.createDirectories(zip.toAbsolutePath().getParent());
        }
        URI uri = URI.create("jar:" + zip.toAbsolutePath().toUri());
        try (FileSystem fs =
                FileSystems.newFileSystem(uri, Map.of("create", "true", "enablePosixFileAttributes", "true"))) {
            copyResource(fs, "setup.sh", EXECUTABLE);
            copyResource(fs, "run_autograder", EXECUTABLE);
            List<String> args = new ArrayList<>(List.of("--stage", String.valueOf(stage)));
            args.addAll(gradeOptions);
            Path argsFile = fs.getPath("/grade.args");
            Files.writeString(argsFile, String.join("\n", args) + "\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(argsFile, READABLE);
            Path limitFile = fs.getPath("/time-limit-seconds");
            Files.writeString(limitFile, timeLimit.toSeconds() + "\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(limitFile, READABLE);
            for (Path file : courseFiles(courseRoot)) {
                Path target = fs.getPath("/course", courseRoot.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
                Files.setPosixFilePermissions(target, Files.isExecutable(file) ? EXECUTABLE : READABLE);
            }
        }
    }

    private static void copyResource(FileSystem fs, String name, Set<PosixFilePermission> permissions)
            throws IOException {
        try (InputStream in = GradescopeAutograder.class.getResourceAsStream("gradescope/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the grader's jar has no gradescope/" + name);
            }
            Path target = fs.getPath("/" + name);
            Files.copy(in, target);
            Files.setPosixFilePermissions(target, permissions);
        }
    }

    /** Every regular file of the checkout but build output and local state. */
    static List<Path> courseFiles(Path courseRoot) throws IOException {
        try (Stream<Path> files = Files.walk(courseRoot)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> {
                        Path relative = courseRoot.relativize(f);
                        if (LEFT_OUT_AT_ROOT.contains(relative.getName(0).toString())) {
                            return false;
                        }
                        for (Path part : relative) {
                            if (LEFT_OUT_ANYWHERE.contains(part.toString())) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .sorted()
                    .toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
