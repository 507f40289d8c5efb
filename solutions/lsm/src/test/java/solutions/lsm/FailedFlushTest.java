package solutions.lsm;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

/**
 * A background flush that fails (a full or read-only disk in real life; here a directory where its temporary file
 * must go) must say so to the next caller, point at the log that still holds the data, refuse further writes at
 * once instead of blocking, and lose nothing at the next open once the cause is gone.
 */
class FailedFlushTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFailedFlushIsReportedBlocksNobodyAndLosesNothing() throws IOException {
        // The first memtable is of generation 1; a non-empty directory where its table's temporary file goes
        // makes the flush fail before it writes anything.
        // (Made after the open, whose recovery would delete it as a leftover.)
        LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20));
        Path blocker = dir.resolve(DataFiles.table(dir, 1).getFileName() + ".tmp");
        Files.createDirectories(blocker);
        Files.writeString(blocker.resolve("in-the-way"), "x");
        storage.upsert(new Entry(b("k"), b("v")));
        IOException flush = assertThrows(IOException.class, storage::flush);
        assertTrue(flush.getMessage().contains("will be recovered"), flush.getMessage());
        assertThrows(IOException.class, () -> storage.upsert(new Entry(b("k2"), b("v2"))),
                "writes are refused once a flush failed");
        assertThrows(IOException.class, storage::close, "close reports the failed flush too");
        Files.delete(blocker.resolve("in-the-way"));
        Files.delete(blocker);
        try (LsmStorage reopened = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            assertEquals("v", s(reopened.get(b("k"))), "the write is recovered from its log");
        }
    }
}
