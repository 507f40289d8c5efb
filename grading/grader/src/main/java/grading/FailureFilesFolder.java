package grading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

/** The files that explain a grade's failures (e.g. a history's timeline), kept in a folder next to the grade. */
final class FailureFilesFolder {
    private FailureFilesFolder() {}

    /** {@code grades/alice-stage4.json} keeps its files in {@code grades/alice-stage4-files/}. */
    static Path folderFor(Path gradeDocument) {
        Path absolute = gradeDocument.toAbsolutePath().normalize();
        String name = absolute.getFileName().toString().replaceFirst("\\.json$", "");
        return absolute.resolveSibling(name + "-files");
    }

    /** Writes the files into the folder; the note that names them for the grade, when there were any. */
    static Optional<String> save(Path folder, Map<String, byte[]> files) throws IOException {
        if (files.isEmpty()) {
            return Optional.empty();
        }
        Files.createDirectories(folder);
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Path temp = Files.createTempFile(folder, ".artifact", ".tmp");
            Files.write(temp, f.getValue());
            // readable like the grade document next to it (a temp file is private)
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(
                    temp,
                    folder.resolve(f.getKey()),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        }
        return Optional.of("files that explain failures, kept in " + folder + ": " + String.join(", ", files.keySet()));
    }
}
