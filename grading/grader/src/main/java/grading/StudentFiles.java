package grading;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The only files of a submission the grader takes: {@code src/main/java/**} and {@code src/main/resources/**} of the
 * student's starter folder. Tests, poms and everything else in the submission are ignored.
 *
 * @param root      the student's starter folder (with src/main/java)
 * @param sources   the .java files, relative to root
 * @param resources the resource files, relative to root
 */
record StudentFiles(Path root, List<Path> sources, List<Path> resources) {
    static final Path JAVA = Path.of("src", "main", "java");
    static final Path RESOURCES = Path.of("src", "main", "resources");

    /** Finds the starter folder in a student repository (starter/student) or a copy of that folder itself. */
    static StudentFiles find(Path submission) throws IOException {
        if (!Files.isDirectory(submission)) {
            throw new GradeException("--submission " + submission + " is not a folder");
        }
        Path root = Files.isDirectory(submission.resolve("starter/student").resolve(JAVA))
                ? submission.resolve("starter/student")
                : submission;
        if (!Files.isDirectory(root.resolve(JAVA))) {
            throw new GradeException("--submission " + submission + " holds neither starter/student/src/main/java nor "
                    + "src/main/java: point it at a student repository or a copy of its starter/student folder");
        }
        return new StudentFiles(root, list(root, JAVA, true), list(root, RESOURCES, false));
    }

    private static List<Path> list(Path root, Path dir, boolean javaOnly) throws IOException {
        Path base = root.resolve(dir);
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(base)) {
            // Symbolic links could point anywhere on the grading machine: they are not the student's files.
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !javaOnly || p.toString().endsWith(".java"))
                    .map(root::relativize)
                    .sorted()
                    .forEach(files::add);
        }
        return files;
    }

    /** The declaration in submission.properties: factory and stage. */
    Declaration declaration() throws IOException {
        Path file = root.resolve(RESOURCES).resolve("submission.properties");
        if (!Files.isRegularFile(file)) {
            throw new GradeException("the submission has no " + RESOURCES.resolve("submission.properties")
                    + ": it must declare factory=... and stage=...");
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        String factory = p.getProperty("factory", "").trim();
        String stage = p.getProperty("stage", "").trim();
        if (factory.isEmpty() || stage.isEmpty()) {
            throw new GradeException("submission.properties must declare both factory=<class> and stage=<N>");
        }
        try {
            return new Declaration(factory, Integer.parseInt(stage));
        } catch (NumberFormatException e) {
            throw new GradeException("stage in submission.properties must be a number, got '" + stage + "'");
        }
    }

    record Declaration(String factory, int stage) {}
}
