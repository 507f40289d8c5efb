package course.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Stage folders for tests: a minimal stage.yml, or a copy of the course's own stages/. */
final class StageFolders {
    private StageFolders() {}

    /** {@code stages/N-slug/stage.yml} under {@code root} with the required fields and {@code extra} lines. */
    static Path write(Path root, int number, String slug, String... extra) throws IOException {
        Path folder = Files.createDirectories(root.resolve("stages/" + number + "-" + slug));
        Files.writeString(
                folder.resolve("stage.yml"),
                "stage: " + number + "\ntitle: \"Stage " + number + "\"\nslug: " + slug + "\nendpoints: [/v0/entity]\n"
                        + String.join("\n", extra) + "\n");
        return folder.resolve("stage.yml");
    }

    /** The course repository's stages/ (Maven sets course.root), copied under {@code root}. */
    static void copyCourseStages(Path root) throws IOException {
        Path from = Path.of(System.getProperty("course.root", "../..")).resolve("stages");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path to = root.resolve("stages").resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
    }
}
