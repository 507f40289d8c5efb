package course.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/** Reads of the kernel's /proc files, which are missing or unreadable on some machines (macOS, some containers). */
public final class ProcFiles {
    private ProcFiles() {}

    /**
     * {@code parse} of the first line of {@code file} that starts with {@code prefix}; null when there is none, or the
     * file cannot be read, or the line does not parse: a measurement this machine cannot take is "not measured".
     */
    public static <T> T firstLine(Path file, String prefix, Function<String, T> parse) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(prefix)) {
                    return parse.apply(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }
}
