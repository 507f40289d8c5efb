package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import course.harness.SmallDisk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data directory on a real filesystem that fills up (a small tmpfs: {@link SmallDisk}; skipped where it cannot
 * be mounted). While the disk is full, writes fail; once it has room again, writes succeed on the same open
 * storage, without a restart, and nothing of what happened in between is lost or half there: every acknowledged
 * write is read back (live, after a crash, after a clean close), and no refused write shows up.
 */
class StorageDiskFullTest {
    @TempDir
    Path mountPoint;

    @TempDir
    Path crashed;

    private SmallDisk disk;
    /** Closed here too, quietly, so that a failed check is what a failing test reports. */
    private LsmStorage open;

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            disk.closeAfter(open);
        }
    }

    /**
     * A full disk cuts a log record short: its first bytes are written, the rest are not. The writes acknowledged
     * after the disk has room again must not sit behind that torn record, where recovery (which takes a torn
     * record for the end of the log) would never reach them.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void writesAcknowledgedAfterAFailedLogWriteSurviveACrash() throws Exception {
        disk = SmallDisk.acquire(mountPoint, 1);
        Path dir = mountPoint.resolve("db");
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 64L << 20))) {
            storage.upsert(new Entry(b("a"), b("1")));
            disk.fill();
            byte[] big = new byte[100_000];
            assertThrows(
                    IOException.class, () -> storage.upsert(new Entry(b("big"), big)), "a 100 kB write to a full disk");
            assertNull(storage.get(b("big")), "a refused write is not visible");
            disk.free();
            storage.upsert(new Entry(b("b"), b("2")));
            storage.upsert(Entry.tombstone(b("a")));
            copyAsACrashLeavesIt(dir);
        }
        try (LsmStorage recovered = LsmStorage.open(new StorageConfig(crashed, 64L << 20))) {
            assertEquals("2", s(recovered.get(b("b"))), "a write acknowledged after the disk had room again");
            assertNull(recovered.get(b("a")), "a delete acknowledged after the disk had room again");
            assertNull(recovered.get(b("big")), "the refused write");
        }
    }

    /**
     * The node: a flush fails for want of space (and then the log writes too). Once the space is back, a
     * 1-byte write and a delete succeed on the same storage, later flushes succeed, close succeeds, and every
     * acknowledged write is there: live, in a crash copy, and after a reopen.
     */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void writesRecoverOnceTheDiskHasRoomAgainAndNothingIsLost() throws Exception {
        disk = SmallDisk.acquire(mountPoint, 4);
        Path dir = mountPoint.resolve("db");
        StorageConfig config = new StorageConfig(dir, 256 << 10);
        Map<String, byte[]> acknowledged = new HashMap<>();
        Set<String> refused = new HashSet<>();
        LsmStorage storage = LsmStorage.open(config);
        open = storage;
        for (int i = 0; i < 20; i++) {
            put(storage, acknowledged, "before-" + i, 8 << 10);
        }
        storage.flush();
        // Room for the log of one memtable but not for its table as well: the flush of the next full memtable
        // fails, and the writes after it fill the disk.
        disk.fillAllBut(400 << 10);
        for (int i = 0; refused.size() < 5; i++) {
            String key = "during-" + i;
            try {
                put(storage, acknowledged, key, 8 << 10);
            } catch (IOException e) {
                refused.add(key);
            }
            if (i > 10_000) {
                fail("writes to a full disk never failed");
            }
        }
        assertThrows(IOException.class, storage::flush, "the flush of a full memtable, on a full disk");
        disk.free();

        assertDoesNotThrow(
                () -> put(storage, acknowledged, "one-byte", 1),
                "a 1-byte write on the same storage once the disk has room again");
        assertDoesNotThrow(
                () -> storage.upsert(Entry.tombstone(b("before-0"))),
                "a delete on the same storage once the disk has room again");
        acknowledged.put("before-0", null);
        for (int i = 0; i < 100; i++) { // over three memtables: each flushes
            put(storage, acknowledged, "after-" + i, 8 << 10);
        }
        assertReads(storage, acknowledged, refused);
        storage.flush();
        copyAsACrashLeavesIt(dir);
        assertDoesNotThrow(storage::close, "close after the episode");
        try (LsmStorage reopened = LsmStorage.open(config)) {
            assertReads(reopened, acknowledged, refused);
        }
        try (LsmStorage recovered = LsmStorage.open(new StorageConfig(crashed, 256 << 10))) {
            assertReads(recovered, acknowledged, refused);
        }
    }

    private static void put(LsmStorage storage, Map<String, byte[]> acknowledged, String key, int size)
            throws IOException {
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) key.hashCode());
        storage.upsert(new Entry(b(key), value));
        acknowledged.put(key, value);
    }

    private static void assertReads(LsmStorage storage, Map<String, byte[]> acknowledged, Set<String> refused)
            throws IOException {
        for (Map.Entry<String, byte[]> e : acknowledged.entrySet()) {
            assertArrayEquals(e.getValue(), storage.get(b(e.getKey())), "acknowledged write of " + e.getKey());
        }
        for (String key : refused) {
            assertNull(storage.get(b(key)), "refused write of " + key + " is visible");
        }
    }

    /** Every file but the lock, as a kill -9 of the process would leave them (see CrashCopyRecoveryTest). */
    private void copyAsACrashLeavesIt(Path live) throws IOException {
        try (Stream<Path> files = Files.list(live)) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().equals("LOCK")) {
                    Files.copy(file, crashed.resolve(file.getFileName()));
                }
            }
        }
    }
}
