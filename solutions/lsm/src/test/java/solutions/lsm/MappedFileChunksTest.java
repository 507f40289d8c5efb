package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import course.contract.storage.Entry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables larger than 2 GiB are mapped as several chunks; tiny chunks make every value, key and index entry
 * straddle borders, which is the same code path without gigabyte files.
 */
class MappedFileChunksTest {
    @TempDir
    Path dir;

    @Test
    void tablesReadTheSameAcrossChunkBorders() throws IOException {
        Random random = new Random(7);
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            byte[] value = new byte[random.nextInt(30)];
            random.nextBytes(value);
            entries.add(i % 13 == 0 ? Entry.tombstone(key(i)) : new Entry(key(i), value));
        }
        Path path = dir.resolve("t.sst");
        SsTableWriter.write(path, entries.iterator(), entries.size());
        for (int chunk : new int[] {7, 64, 4093, MappedFile.DEFAULT_CHUNK_BYTES}) {
            SsTable table = SsTable.open(path, chunk);
            for (int i = 0; i < 500; i++) {
                assertEquals(entries.get(i), table.get(key(i)), "chunk " + chunk + ", key " + i);
            }
            assertNull(table.get(new byte[] {(byte) 0xFF}), "absent key");
            assertEquals(entries, Bytes.list(table.iterator(null, null)), "chunk " + chunk);
            assertArrayEquals(key(100), table.iterator(key(100), null).next().key());
        }
    }

    @Test
    void aFileOfAnySizeAgainstTheChunkIsMappedWhole() throws IOException {
        // A file one byte short of, exactly at, and one byte past a whole number of chunks: the chunk count is
        // rounded up, never to a chunk that would start past the file's end.
        int chunk = 64;
        for (int size : new int[] {2 * chunk - 1, 2 * chunk, 2 * chunk + 1}) {
            byte[] bytes = new byte[size];
            new Random(size).nextBytes(bytes);
            Path path = dir.resolve("bytes-" + size);
            Files.write(path, bytes);
            MappedFile file = MappedFile.map(path, chunk);
            assertEquals(size, file.size());
            assertArrayEquals(bytes, file.getBytes(0, size), size + " bytes in chunks of " + chunk);
        }
    }

    private static byte[] key(int i) {
        return String.format("key-%06d-with-a-longer-tail", i).getBytes(UTF_8);
    }
}
