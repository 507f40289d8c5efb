package course.load;

import course.command.OutFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

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

    /**
     * {@code ./course saturate}: the folder of its steps' files, new or empty. A search's files left there by another
     * (other rates, another saturation.json) would be read with this one's: the site shows a step file that no
     * search names as an ordinary run, at a rate chosen to fail.
     */
    static String folderProblem(Path out) {
        String problem = OutFolder.problem(out);
        if (problem != null) {
            return "--out " + out + ": " + problem + "; give the folder for the search's files";
        }
        try (Stream<Path> inside = Files.isDirectory(out) ? Files.list(out) : Stream.empty()) {
            return inside.findAny().isPresent()
                    ? "--out " + out + " already holds files (another search's?); give a new or empty folder, so that"
                            + " this search's steps are not mixed with them"
                    : null;
        } catch (IOException e) {
            return "--out " + out + ": cannot list it (" + e.getMessage() + ")";
        }
    }
}
