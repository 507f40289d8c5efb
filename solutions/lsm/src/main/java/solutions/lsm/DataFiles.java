package solutions.lsm;

import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Names of the files in a storage directory; every table and log carries the generation it was made in. */
final class DataFiles {
    private static final Pattern TABLE = Pattern.compile("table-(\\d{12})\\.sst");
    private static final Pattern LOG = Pattern.compile("wal-(\\d{12})\\.log");

    private DataFiles() {}

    static Path table(Path directory, long generation) {
        return directory.resolve(String.format("table-%012d.sst", generation));
    }

    static Path log(Path directory, long generation) {
        return directory.resolve(String.format("wal-%012d.log", generation));
    }

    static OptionalLong tableGeneration(String fileName) {
        return generation(TABLE.matcher(fileName));
    }

    static OptionalLong logGeneration(String fileName) {
        return generation(LOG.matcher(fileName));
    }

    static boolean isTemporary(String fileName) {
        return fileName.endsWith(".tmp");
    }

    private static OptionalLong generation(Matcher m) {
        return m.matches() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }
}
