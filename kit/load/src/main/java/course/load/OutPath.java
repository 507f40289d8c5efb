package course.load;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks {@code --out} before a run starts: a run's files are written only once it is over, and a path they cannot go
 * to would otherwise throw the run away (a minute of load, or a whole saturation search) with a bare file name.
 */
final class OutPath {
    private OutPath() {}

    /** {@code ./course load}: a .json file (its .hlog and .txt beside it) or a folder for the default names. */
    static String runProblem(Path out) {
        if (out.getFileName() != null && out.getFileName().toString().endsWith(".json")) {
            if (Files.isDirectory(out)) {
                return "--out " + out + " is a folder: give a new .json file name, or the folder without .json";
            }
            return folderProblem(out.toAbsolutePath().getParent(), out);
        }
        return folderProblem(out, out);
    }

    /** {@code ./course saturate}: the folder of its steps' files. */
    static String folderProblem(Path out) {
        return folderProblem(out, out);
    }

    /** Whether {@code folder} is a folder or can be made one: the nearest part of it that exists must be a folder. */
    private static String folderProblem(Path folder, Path out) {
        Path existing = folder.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return null;
        }
        if (!Files.isDirectory(existing)) {
            return "--out " + out + ": " + existing + " is a file, not a folder; give a folder for the run's files, or"
                    + " a .json file name (the .hlog and .txt go beside it)";
        }
        if (!Files.isWritable(existing)) {
            return "--out " + out + ": the folder " + existing + " is not writable; choose another";
        }
        return null;
    }
}
