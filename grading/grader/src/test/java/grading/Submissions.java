package grading;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/** Copies a test submission from test resources into a temp folder, filling in its @@PLACEHOLDERS@@. */
final class Submissions {
    private Submissions() {}

    static Path copy(String resourceDir, Path to, Map<String, String> placeholders) throws IOException {
        Path from;
        try {
            from = Path.of(Submissions.class.getResource("/" + resourceDir).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test submission " + resourceDir, e);
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    String text = Files.readString(p);
                    for (Map.Entry<String, String> e : placeholders.entrySet()) {
                        text = text.replace("@@" + e.getKey() + "@@", e.getValue());
                    }
                    Files.writeString(target, text);
                }
            }
        }
        return to;
    }

    static Path write(Path root, String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return file;
    }
}
