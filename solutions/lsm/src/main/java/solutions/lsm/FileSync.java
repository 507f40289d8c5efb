package solutions.lsm;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/** Makes a rename or a delete durable: on Linux a directory entry is only on disk once the directory is synced. */
final class FileSync {
    private FileSync() {}

    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // Some systems (Windows) cannot open a directory as a file; there the rename itself is the best we get.
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win")) {
                throw e;
            }
        }
    }
}
