package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A background flush that fails (a full or read-only disk in real life; here a directory where its temporary file
 * must go) must say so to the next caller that needs it, point at the log that still holds the data, keep the data
 * readable, block nobody, and be tried again: once the cause is gone, the same open storage flushes and closes, and
 * nothing is lost. (A really full disk: StorageDiskFullTest.)
 */
class FailedFlushTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFailedFlushIsReportedBlocksNobodyAndIsTriedAgain() throws IOException {
        LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20));
        Path blocker = blockTheFirstFlush();
        storage.upsert(new Entry(b("k"), b("v")));
        IOException flush = assertThrows(IOException.class, storage::flush);
        assertTrue(flush.getMessage().contains("tried again"), flush.getMessage());
        assertEquals("v", s(storage.get(b("k"))), "the data of the failed flush stays readable");
        storage.upsert(new Entry(b("k2"), b("v2"))); // the new memtable has room: writes go on
        assertThrows(IOException.class, storage::flush, "tried again, and failing again while the cause is there");
        unblock(blocker);
        storage.flush(); // the same storage, no restart: the failed flush, then the new memtable
        assertEquals(2, storage.tableCount());
        storage.close();
        try (LsmStorage reopened = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            assertEquals("v", s(reopened.get(b("k"))));
            assertEquals("v2", s(reopened.get(b("k2"))));
        }
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aWriterThatNeedsTheFailedFlushGetsItsErrorAtOnceAndNothingIsLost() throws IOException {
        LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 10));
        Path blocker = blockTheFirstFlush();
        byte[] value = new byte[600];
        storage.upsert(new Entry(b("a"), value));
        storage.upsert(new Entry(b("b"), value)); // memtable 1 full: frozen, its flush fails
        storage.upsert(new Entry(b("c"), value));
        IOException refused = null;
        for (int i = 0; i < 5 && refused == null; i++) {
            try {
                storage.upsert(new Entry(b("d" + i), value)); // memtable 2 full: its freeze needs flush 1 again
            } catch (IOException e) {
                refused = e;
            }
        }
        assertTrue(refused != null, "a writer that needs the failed flush is refused (memory stays bounded)");
        assertTrue(refused.getMessage().contains("background flush"), refused.getMessage());
        assertThrows(IOException.class, storage::close, "close tries the flush too, and reports its failure");
        unblock(blocker);
        try (LsmStorage reopened = LsmStorage.open(new StorageConfig(dir, 1 << 10))) {
            for (String key : new String[] {"a", "b", "c"}) {
                assertEquals(600, reopened.get(b(key)).length, "recovered from its log: " + key);
            }
        }
    }

    /**
     * Makes the flush of the first memtable (of generation 1) fail before it writes anything: a non-empty directory
     * where its table's temporary file goes. Made after the open, whose recovery would delete it as a leftover.
     */
    private Path blockTheFirstFlush() throws IOException {
        Path blocker = dir.resolve(DataFiles.table(dir, 1).getFileName() + ".tmp");
        Files.createDirectories(blocker);
        Files.writeString(blocker.resolve("in-the-way"), "x");
        return blocker;
    }

    /** The cause gone: the next flush can write its table. */
    private static void unblock(Path blocker) throws IOException {
        Files.delete(blocker.resolve("in-the-way"));
        Files.delete(blocker);
    }
}
