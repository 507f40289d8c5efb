package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static solutions.lsm.Bytes.b;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries and tables larger than the engine's write buffers (the log's first 4 KiB record buffer, the table
 * writer's 64 KiB buffer): the paths that grow or bypass a buffer are taken only then, and small test data never
 * reaches them.
 */
class LargeEntriesTest {
    @TempDir
    Path dir;

    @Test
    void valuesLargerThanTheBuffersSurviveFlushCompactionAndReopen() throws IOException {
        byte[] huge = filled(200 << 10, 7);
        byte[] medium = filled(5000, 3);
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            for (int i = 0; i < 300; i++) {
                storage.upsert(new Entry(key(i), filled(1024, i)));
            }
            storage.upsert(new Entry(b("huge"), huge));
            storage.upsert(new Entry(b("medium"), medium));
            storage.flush();
            storage.upsert(new Entry(key(0), b("newer")));
            storage.flush();
            storage.compact();
        }
        try (LsmStorage reopened = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            assertArrayEquals(huge, reopened.get(b("huge")));
            assertArrayEquals(medium, reopened.get(b("medium")));
            assertArrayEquals(b("newer"), reopened.get(key(0)));
            for (int i = 1; i < 300; i++) {
                assertArrayEquals(filled(1024, i), reopened.get(key(i)), "key " + i);
            }
        }
    }

    @Test
    void aDatabaseWhoseEveryKeyWasDeletedReopens() throws IOException {
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            storage.upsert(new Entry(b("a"), b("1")));
            storage.upsert(Entry.tombstone(b("a")));
            storage.flush();
            storage.compact();
        }
        try (LsmStorage reopened = LsmStorage.open(new StorageConfig(dir, 1 << 20))) {
            assertNull(reopened.get(b("a")));
            assertEquals(false, reopened.range(null, null).hasNext());
        }
    }

    private static byte[] key(int i) {
        return b(String.format("key%05d", i));
    }

    private static byte[] filled(int length, int seed) {
        byte[] v = new byte[length];
        Arrays.fill(v, (byte) seed);
        v[length - 1] = (byte) (seed * 31 + 1);
        return v;
    }
}
