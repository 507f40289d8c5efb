package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.Entry;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merge's read of a table in file order: with a buffer smaller than many records, headers, keys and values
 * straddle its refills, and values larger than it are copied past it; what a merge writes from the scan is the table.
 */
class RecordScanTest {
    @TempDir
    Path dir;

    @Test
    void aTableCopiedThroughTheScanIsTheSameTableWhateverTheBuffer() throws IOException {
        Random random = new Random(11);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            byte[] value = new byte[i % 50 == 0 ? 5000 : random.nextInt(120)];
            random.nextBytes(value);
            byte[] key = i == 0 ? new byte[0] : key(i, i % 97 == 0 ? 300 : 0);
            entries.add(i % 11 == 0 ? Entry.tombstone(key) : new Entry(key, value));
        }
        Path path = dir.resolve("in.sst");
        SsTableWriter.write(path, entries.iterator(), entries.size());
        SsTable in = SsTable.open(path);
        for (int buffer : new int[] {16, 100, 4096, RecordScan.BUFFER_BYTES}) {
            Path copy = dir.resolve("copy-" + buffer + ".sst");
            try (RecordScan scan = RecordScan.of(path, in.entryCount(), indexOffset(path), buffer)) {
                assertEquals(entries.size(), SsTableWriter.writeRecords(copy, scan, entries.size()), buffer + " B");
            }
            assertEquals(
                    entries, Bytes.list(SsTable.open(copy).iterator(null, null)), "buffer of " + buffer + " bytes");
        }
    }

    @Test
    void aRecordLongerThanTheRecordsIsReportedAsDamageWithThePath() throws IOException {
        List<Entry> entries = List.of(
                new Entry(key(1, 0), new byte[10]),
                new Entry(key(2, 0), new byte[10]),
                new Entry(key(3, 0), new byte[10]));
        Path path = dir.resolve("damaged.sst");
        SsTableWriter.write(path, entries.iterator(), entries.size());
        long indexOffset = indexOffset(path);
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.seek(24 + Integer.BYTES); // the second record's value length (each record: 8 + 6 + 10 bytes)
            file.writeInt(1 << 20);
        }
        IOException e = assertThrows(IOException.class, () -> {
            try (RecordScan scan = RecordScan.of(path, 3, indexOffset, 64)) {
                while (scan.hasNext()) {
                    scan.next();
                }
            } catch (UncheckedIOException unchecked) {
                throw unchecked.getCause();
            }
        });
        assertTrue(e.getMessage().contains(path.toAbsolutePath().toString()), e.getMessage());
        assertTrue(e.getMessage().contains("record 1 at byte 24"), e.getMessage());
    }

    /** Key {@code i}, padded after its digits to {@code length} bytes, so that keys sort as their numbers do. */
    private static byte[] key(int i, int length) {
        String digits = String.format("%06d", i);
        return (digits + "x".repeat(Math.max(0, length - digits.length()))).getBytes(StandardCharsets.US_ASCII);
    }

    /** The footer's index offset: where the records end. */
    private static long indexOffset(Path path) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            file.seek(Files.size(path) - SsTableFormat.FOOTER_BYTES + Long.BYTES);
            return file.readLong();
        }
    }
}
