package course.command;

import java.nio.file.Files;
import java.nio.file.Path;

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
}
