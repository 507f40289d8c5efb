package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a crash of the process leaves, without a child JVM: the files of an open storage copied as they are at that
 * moment (a killed process leaves exactly the bytes it handed to the OS), then the copy opened. KillRecoveryTest
 * does this with a real kill -9; these run in the test's own JVM, so a mutation test sees them too.
 */
class CrashCopyRecoveryTest {
    private static final long NEVER_FLUSHES = 64L << 20;

    @TempDir
    Path live;

    @TempDir
    Path crashed;

    /** Copies every file but the lock, which belongs to the open storage, as a crash would leave them. */
    private void copyAsACrashLeavesIt() throws IOException {
        try (Stream<Path> files = Files.list(live)) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().equals("LOCK")) {
                    Files.copy(file, crashed.resolve(file.getFileName()));
                }
            }
        }
    }

    /** Overwrites, a delete and a plain write, acknowledged and never flushed; then the process "crashes". */
    private void crashWithUnflushedWrites() throws IOException {
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(live, NEVER_FLUSHES))) {
            storage.upsert(new Entry(b("k"), b("v1")));
            storage.upsert(new Entry(b("gone"), b("x")));
            storage.upsert(new Entry(b("k"), b("v2")));
            storage.upsert(Entry.tombstone(b("gone")));
            storage.upsert(new Entry(b("k"), b("v3")));
            storage.upsert(new Entry(b("other"), b("1")));
            copyAsACrashLeavesIt();
        }
    }

    private static void assertTheAcknowledgedWritesAreBack(LsmStorage storage) throws IOException {
        assertEquals("v3", s(storage.get(b("k"))), "the newest of the overwrites, replayed in order");
        assertNull(storage.get(b("gone")), "a delete acknowledged before the crash stays deleted");
        assertEquals("1", s(storage.get(b("other"))));
    }

    @Test
    void acknowledgedWritesThatWereNeverFlushedComeBackAfterACrash() throws IOException {
        crashWithUnflushedWrites();
        List<Path> replayedLogs;
        try (Stream<Path> files = Files.list(crashed)) {
            replayedLogs = files.filter(p -> p.getFileName().toString().startsWith("wal-"))
                    .toList();
        }
        try (LsmStorage recovered = LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES))) {
            assertTheAcknowledgedWritesAreBack(recovered);
            for (Path log : replayedLogs) {
                assertFalse(Files.exists(log), log + " is in a table now: recovery deletes it");
            }
        }
    }

    @Test
    void whatRecoveryReplayedIsStillThereAtTheOpenAfterIt() throws IOException {
        // Recovery writes the replayed log as a table and deletes the log: the manifest must list that table, or the
        // next open deletes it as a leftover and the data is gone.
        crashWithUnflushedWrites();
        LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES)).close();
        try (LsmStorage again = LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES))) {
            assertTheAcknowledgedWritesAreBack(again);
        }
    }

    @Test
    void flushesAfterARecoveryDoNotReuseTheRecoveredTablesName() throws IOException {
        // The generations handed out after a recovery must be past every log and table already there: a flush that
        // reused the replayed table's generation would overwrite it (or fail) and lose the recovered writes.
        crashWithUnflushedWrites();
        try (LsmStorage recovered = LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES))) {
            for (int i = 0; i < 3; i++) {
                recovered.upsert(new Entry(b("after" + i), b("a" + i)));
                recovered.flush();
            }
        }
        try (LsmStorage again = LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES))) {
            assertTheAcknowledgedWritesAreBack(again);
            for (int i = 0; i < 3; i++) {
                assertEquals("a" + i, s(again.get(b("after" + i))));
            }
        }
    }

    @Test
    void aLogThatAFlushWroteToATableButDidNotDeleteIsNotReplayedAgain() throws IOException {
        // The crash came between the flush's manifest commit and the deletion of its log: the log's data is already
        // in a table. It must be deleted, not replayed into a second copy of that table.
        Path firstLog;
        byte[] firstLogBytes;
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(live, NEVER_FLUSHES))) {
            storage.upsert(new Entry(b("k"), b("v")));
            try (Stream<Path> files = Files.list(live)) {
                firstLog = files.filter(p -> p.getFileName().toString().startsWith("wal-"))
                        .findFirst()
                        .orElseThrow();
            }
            firstLogBytes = Files.readAllBytes(firstLog);
            storage.flush();
            copyAsACrashLeavesIt();
        }
        Files.write(crashed.resolve(firstLog.getFileName()), firstLogBytes);
        try (LsmStorage recovered = LsmStorage.open(new StorageConfig(crashed, NEVER_FLUSHES))) {
            assertEquals("v", s(recovered.get(b("k"))));
            assertEquals(1, recovered.tableCount(), "the flushed data is in one table, not twice");
            assertFalse(Files.exists(crashed.resolve(firstLog.getFileName())), "the flushed log is deleted on open");
        }
    }
}
