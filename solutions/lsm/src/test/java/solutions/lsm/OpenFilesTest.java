package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static solutions.lsm.Bytes.b;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server opens its storage once but flushes for months: every file handle the engine opens for a log, a table
 * being written, the manifest or the directory lock must be closed again, or the process ends at its limit of open
 * files (EMFILE). Counted in /proc/self/fd (Linux), with margins well under one leaked handle per round.
 */
class OpenFilesTest {
    private static final int ROUNDS = 30;
    private static final Path FDS = Path.of("/proc/self/fd");

    @TempDir
    Path dir;

    private static int openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(FDS)) {
            return (int) fds.count();
        }
    }

    @Test
    void openAndCloseLeaveNoHandleOpen() throws IOException {
        assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
        LsmStorage.open(new StorageConfig(dir, 1 << 20)).close();
        int before = openFiles();
        for (int i = 0; i < ROUNDS; i++) {
            LsmStorage.open(new StorageConfig(dir, 1 << 20)).close();
        }
        int grown = openFiles() - before;
        assertTrue(grown < ROUNDS / 2, grown + " more open files after " + ROUNDS + " opens and closes");
    }

    @Test
    void aRefusedSecondOpenLeavesNoHandleOpen() throws IOException {
        assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
        try (LsmStorage ignored = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            int before = openFiles();
            for (int i = 0; i < ROUNDS; i++) {
                assertThrows(IOException.class, () -> LsmStorage.open(new StorageConfig(dir, 1 << 20)));
            }
            int grown = openFiles() - before;
            assertTrue(grown < ROUNDS / 2, grown + " more open files after " + ROUNDS + " refused opens");
        }
    }

    @Test
    void aFlushKeepsOnlyItsTablesHandle() throws IOException {
        assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20), new NeverMerges())) {
            int before = openFiles();
            for (int i = 0; i < ROUNDS; i++) {
                storage.upsert(new Entry(b("k" + i), b("v" + i)));
                storage.flush();
            }
            int grown = openFiles() - before;
            assertTrue(
                    grown < ROUNDS + ROUNDS / 2,
                    grown + " more open files after " + ROUNDS + " flushes (one table" + " each)");
        }
    }
}
