package course.load;

import course.command.OutFolder;
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
        boolean file = out.getFileName() != null && out.getFileName().toString().endsWith(".json");
        if (file && Files.isDirectory(out)) {
            return "--out " + out + " is a folder: give a new .json file name, or the folder without .json";
        }
        String problem = OutFolder.problem(file ? out.toAbsolutePath().getParent() : out);
        return problem == null
                ? null
                : "--out " + out + ": " + problem + "; give a folder for the run's files, or a .json file name (the"
                        + " .hlog and .txt go beside it)";
    }

    /** {@code ./course saturate}: the folder of its steps' files. */
    static String folderProblem(Path out) {
        String problem = OutFolder.problem(out);
        return problem == null ? null : "--out " + out + ": " + problem + "; give the folder for the search's files";
    }
}
