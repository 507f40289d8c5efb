package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged files must stop the open, or for a database's older tables their first read, with an error that names the
 * file, never serve partial data.
 */
class CorruptionTest {
    @TempDir
    Path dir;

    private final StorageConfig config() {
        return new StorageConfig(dir, 1 << 20);
    }

    private Path writeOneTable() throws IOException {
        try (LsmStorage storage = LsmStorage.open(config())) {
            for (int i = 0; i < 100; i++) {
                storage.upsert(new Entry(b("key" + i), b("value" + i)));
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".sst"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** One small table per flush, key {@code tN} = {@code valueN}, table N the N-th oldest. */
    private void writeTables(int count) throws IOException {
        try (LsmStorage storage = LsmStorage.open(config())) {
            for (int t = 0; t < count; t++) {
                storage.upsert(new Entry(b("t" + t), b("value" + t)));
                storage.flush();
            }
        }
    }

    private Path oldestTable() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".sst"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static void flipAByte(Path table) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(table.toFile(), "rw")) {
            f.seek(20);
            int b = f.read();
            f.seek(20);
            f.write(b ^ 0x10);
        }
    }

    @Test
    void aFlippedByteInATableIsReportedWithTheFileName() throws IOException {
        Path table = writeOneTable();
        flipAByte(table);
        IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config()));
        assertTrue(e.getMessage().contains(table.getFileName().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    }

    @Test
    void aDamagedOldTableDoesNotSlowTheOpenAndIsReportedByItsFirstRead() throws IOException {
        int tables = Recovery.VERIFIED_AT_OPEN + 2;
        try (LsmStorage storage = LsmStorage.open(config())) {
            for (int t = 0; t < tables; t++) {
                for (int i = 0; i < 50; i++) {
                    storage.upsert(new Entry(b("t" + t + "-key" + i), b("value" + i)));
                }
                storage.flush();
            }
        }
        Path oldest = oldestTable();
        flipAByte(oldest);
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertEquals("value3", s(storage.get(b("t" + (tables - 1) + "-key3"))), "a newer table's data is served");
            IOException e = assertThrows(IOException.class, () -> storage.get(b("t0-key3")));
            assertTrue(e.getMessage().contains(oldest.getFileName().toString()), e.getMessage());
            assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
            IOException again = assertThrows(IOException.class, () -> storage.range(null, null));
            assertTrue(again.getMessage().contains(oldest.getFileName().toString()), again.getMessage());
            assertThrows(IOException.class, storage::compact, "a damaged table must never be merged into a new one");
        }
        assertTrue(Files.exists(oldest), "the damaged table is kept for the operator");
    }

    @Test
    void exactlyTheNewestTablesAreVerifiedAtOpen() throws IOException {
        // The table just past the ones verified at open is checked later, by its first read: a damage there must not
        // stop the open (and one more verified table per open is start-up time that grows with the database).
        writeTables(Recovery.VERIFIED_AT_OPEN + 1);
        Path oldest = oldestTable();
        flipAByte(oldest);
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertEquals("value1", s(storage.get(b("t1"))));
            assertThrows(IOException.class, () -> storage.get(b("t0")), "the damaged oldest table, at its first read");
        }
    }

    @Test
    void aDamagedOldTableIsLoggedSoonAfterTheOpenThoughNothingReadsIt() throws Exception {
        // Tables left unverified at open are checked by a background thread, so damage is found while a backup is
        // still fresh, not months later at the first read of a cold key.
        writeTables(Recovery.VERIFIED_AT_OPEN + 2);
        Path oldest = oldestTable();
        flipAByte(oldest);
        List<String> errors = new CopyOnWriteArrayList<>();
        Handler collect = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (Level.SEVERE.equals(record.getLevel())) {
                    errors.add(record.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger engineLog = Logger.getLogger(LsmStorage.class.getName());
        engineLog.addHandler(collect);
        String name = oldest.getFileName().toString();
        try (LsmStorage ignored = LsmStorage.open(config())) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (errors.stream().noneMatch(m -> m.contains(name)) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        } finally {
            engineLog.removeHandler(collect);
        }
        assertTrue(errors.stream().anyMatch(m -> m.contains(name)), "no error naming " + name + " in " + errors);
    }

    @Test
    void aTruncatedTableIsReportedWithTheFileName() throws IOException {
        Path table = writeOneTable();
        try (RandomAccessFile f = new RandomAccessFile(table.toFile(), "rw")) {
            f.setLength(f.length() - 10);
        }
        IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config()));
        assertTrue(e.getMessage().contains(table.getFileName().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void aMissingTableIsReported() throws IOException {
        Path table = writeOneTable();
        Files.delete(table);
        IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config()));
        assertTrue(
                e.getMessage().contains(table.getFileName().toString())
                        && e.getMessage().contains("missing"),
                e.getMessage());
    }

    /** A log as a killed process leaves it: the engine never closed it, so its records are not in any table. */
    private Path writeLog(int records) throws IOException {
        Files.createDirectories(dir);
        Path path = DataFiles.log(dir, 5);
        try (WriteAheadLog log = new WriteAheadLog(path)) {
            for (int i = 0; i < records; i++) {
                log.append(new Entry(b("k" + i), b("v" + i)));
            }
            log.append(Entry.tombstone(b("k0")));
        }
        return path;
    }

    @Test
    void aLastRecordCutInsideItsHeaderIsIgnored() throws IOException {
        Path log = writeLog(10);
        int tombstoneRecord = WriteAheadLog.HEADER_BYTES + 8 + "k0".length();
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.setLength(f.length() - tombstoneRecord + 5); // 5 of its 12 header bytes were written
        }
        assertOnlyTheLastRecordIsLost();
    }

    @Test
    void aLastRecordThatFailsItsChecksumIsIgnored() throws IOException {
        // Whole in length but not in content: the crash came while its bytes were being written out.
        Path log = writeLog(10);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.seek(f.length() - 1); // the last byte of the tombstone of k0
            int b = f.read();
            f.seek(f.length() - 1);
            f.write(b ^ 0x01);
        }
        assertOnlyTheLastRecordIsLost();
    }

    @Test
    void theSmallestRecordAnEmptyKeyWithAnEmptyValueIsReplayed() throws IOException {
        Files.createDirectories(dir);
        try (WriteAheadLog log = new WriteAheadLog(DataFiles.log(dir, 5))) {
            log.append(new Entry(new byte[0], new byte[0]));
            log.append(new Entry(b("after"), b("it")));
        }
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertEquals("", s(storage.get(new byte[0])));
            assertEquals("it", s(storage.get(b("after"))));
        }
    }

    /** {@link #writeLog}'s records but the last (the tombstone of k0) are replayed. */
    private void assertOnlyTheLastRecordIsLost() throws IOException {
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertEquals("v0", s(storage.get(b("k0"))));
            assertEquals("v9", s(storage.get(b("k9"))));
        }
    }

    @Test
    void logsAreReplayedOnOpen() throws IOException {
        writeLog(10);
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertNull(storage.get(b("k0")));
            assertEquals("v9", s(storage.get(b("k9"))));
        }
    }

    @Test
    void aTornLastRecordIsIgnored() throws IOException {
        Path log = writeLog(10);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.setLength(f.length() - 3); // the tombstone of k0, cut short
        }
        assertOnlyTheLastRecordIsLost();
    }

    @Test
    void trailingZerosAfterTheLastRecordAreIgnored() throws IOException {
        Path log = writeLog(3);
        Files.write(log, new byte[64], StandardOpenOption.APPEND);
        try (LsmStorage storage = LsmStorage.open(config())) {
            assertEquals("v2", s(storage.get(b("k2"))));
        }
    }

    @Test
    void corruptionInTheMiddleOfALogIsAnErrorNamingIt() throws IOException {
        Path log = writeLog(10);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.seek(WriteAheadLog.HEADER_BYTES + 9); // inside the first record's key
            f.write('X');
        }
        IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config()));
        assertTrue(e.getMessage().contains(log.getFileName().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("at byte 0"), e.getMessage());
        assertTrue(Files.exists(log), "a log that could not be replayed is never deleted");
    }

    @Test
    void aDamagedLengthInTheMiddleOfALogIsAnError() throws IOException {
        Path log = writeLog(10);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.seek(0);
            f.writeInt(1_000_000);
        }
        IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config()));
        assertTrue(e.getMessage().contains(log.getFileName().toString()), e.getMessage());
    }
}
