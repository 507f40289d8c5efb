package course.command;

import java.nio.file.Path;

/**
 * A {@code stage.yml} the course cannot use. The message names the file, the field and what was wrong, and says
 * where the fields are described, because the one who reads it is adding or editing a stage.
 */
public final class StageFileException extends IllegalArgumentException {
    StageFileException(Path file, String field, String problem) {
        super(file + ": " + (field == null ? "" : "field '" + field + "': ") + problem
                + " (fix it in that file; every field of stage.yml is described in stages/README.md)");
    }
}
