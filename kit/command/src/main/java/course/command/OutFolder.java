package course.command;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;

/**
 * Whether a folder that a command writes its files into can be one, asked before the command starts its work: files
 * are written at its end, and a folder that cannot hold them would otherwise throw the work away with a bare path.
 */
public final class OutFolder {
    private OutFolder() {}

    /**
     * Why {@code folder} cannot hold files, or null: the nearest part of it that exists must be a folder this process
     * may write (the rest is made when the files are written).
     */
    public static String problem(Path folder) {
        Path existing = folder.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return null;
        }
        if (!Files.isDirectory(existing)) {
            return existing + " is a file, not a folder";
        }
        if (!Files.isWritable(existing)) {
            return "the folder " + existing + " is not writable";
        }
        return null;
    }

    /** The converter of an option that names a file written when the command ends: refuses one it could not write. */
    public static final class FileToWrite implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path file = Path.of(value);
            if (Files.isDirectory(file)) {
                throw new ValueException("'" + value + "' is a folder: give the file to write");
            }
            String folder = problem(file.toAbsolutePath().getParent());
            if (folder != null) {
                throw new ValueException("'" + value + "': " + folder + "; give a file in a folder");
            }
            return file;
        }
    }

    /** The converter of an option that names a folder a command writes into (a node's data): refuses one it cannot. */
    public static final class FolderToWrite implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path folder = Path.of(value);
            String problem = problem(folder);
            if (problem != null) {
                throw new ValueException("'" + value + "': " + problem + "; give a folder");
            }
            return folder;
        }
    }
}
