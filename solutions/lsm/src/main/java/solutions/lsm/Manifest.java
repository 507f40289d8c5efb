package solutions.lsm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The one source of truth for which table files make up the database, newest first, and up to which log
 * generation the tables already hold the data. It is replaced atomically (temp file, fsync, rename, fsync of
 * the directory), so a flush or a compaction takes effect at exactly one point: a crash before it leaves the
 * old set of files, after it the new one. Table files on disk that it does not list are leftovers of an
 * interrupted compaction or flush and are deleted on open.
 * <pre>
 * lsm-manifest 1
 * flushed-through GENERATION
 * table NAME            (one line per table, newest first)
 * </pre>
 */
record Manifest(long flushedThrough, List<String> tablesNewestFirst) {
    static final String FILE_NAME = "MANIFEST";
    private static final String HEADER = "lsm-manifest 1";

    Manifest {
        tablesNewestFirst = List.copyOf(tablesNewestFirst);
    }

    static Manifest empty() {
        return new Manifest(0, List.of());
    }

    static Manifest read(Path directory) throws IOException {
        Path path = directory.resolve(FILE_NAME);
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return empty();
        }
        if (lines.size() < 2 || !lines.get(0).equals(HEADER) || !lines.get(1).startsWith("flushed-through ")) {
            throw new IOException("corrupt manifest " + path.toAbsolutePath() + ": expected '" + HEADER
                    + "' and a 'flushed-through N' line at the top; restore it from a backup");
        }
        long flushedThrough;
        try {
            flushedThrough = Long.parseLong(lines.get(1).substring("flushed-through ".length()));
        } catch (NumberFormatException e) {
            throw new IOException("corrupt manifest " + path.toAbsolutePath() + ": bad line '" + lines.get(1) + "'");
        }
        List<String> tables = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            if (!line.startsWith("table ") || line.contains("/")) {
                throw new IOException("corrupt manifest " + path.toAbsolutePath() + ": bad line '" + line + "'");
            }
            tables.add(line.substring("table ".length()));
        }
        return new Manifest(flushedThrough, tables);
    }

    void write(Path directory) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append("flushed-through ").append(flushedThrough).append('\n');
        for (String table : tablesNewestFirst) {
            text.append("table ").append(table).append('\n');
        }
        Path tmp = directory.resolve(FILE_NAME + ".tmp");
        try (ChecksummedOutput out = new ChecksummedOutput(recreate(tmp))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            out.sync();
        }
        Files.move(
                tmp, directory.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        FileSync.syncDirectory(directory);
    }

    private static Path recreate(Path path) throws IOException {
        Files.deleteIfExists(path);
        return path;
    }
}
