package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random upserts, deletes, reads, ranges, flushes, compactions and reopens, checked step by step against a
 * TreeMap. A failure message carries the seed; put it into the ValueSource to replay the exact run.
 */
class RandomOperationsTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 20240611})
    void behavesLikeASortedMap(long seed) throws Exception {
        Random random = new Random(seed);
        TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
        StorageConfig config = new StorageConfig(dir, 8192 + random.nextInt(16384));
        LsmStorage storage = LsmStorage.open(config);
        try {
            for (int step = 0; step < 3000; step++) {
                String where = "seed " + seed + ", step " + step;
                int op = random.nextInt(100);
                byte[] key = randomKey(random);
                if (op < 50) {
                    byte[] value = new byte[random.nextInt(40)];
                    random.nextBytes(value);
                    storage.upsert(new Entry(key, value));
                    model.put(key, value);
                } else if (op < 65) {
                    storage.upsert(Entry.tombstone(key));
                    model.remove(key);
                } else if (op < 85) {
                    assertArrayEquals(model.get(key), storage.get(key), where + ": get " + Arrays.toString(key));
                } else if (op < 97) {
                    byte[] other = randomKey(random);
                    boolean openFrom = random.nextInt(5) == 0;
                    boolean openTo = random.nextInt(5) == 0;
                    checkRange(storage, model, openFrom ? null : key, openTo ? null : other, where);
                } else if (op < 98) {
                    storage.flush();
                } else if (op < 99) {
                    storage.flush(); // no flush may commit during the compaction, so exactly one file is left
                    storage.compact();
                    assertEquals(model.isEmpty() ? 0 : 1, storage.tableCount(), where + ": tables after compact");
                } else {
                    storage.close();
                    storage = LsmStorage.open(config);
                }
            }
            checkRange(storage, model, null, null, "seed " + seed + ", final full range");
        } finally {
            storage.close();
        }
    }

    private static byte[] randomKey(Random random) {
        // Few distinct keys, so that overwrites and deletes hit keys already in memtables and files.
        byte[] key = new byte[1 + random.nextInt(3)];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (random.nextInt(6) * 50); // includes bytes >= 0x80 to exercise unsigned order
        }
        return key;
    }

    private static void checkRange(
            LsmStorage storage, NavigableMap<byte[], byte[]> model, byte[] from, byte[] to, String where)
            throws Exception {
        Map<byte[], byte[]> expected;
        if (from != null && to != null && Arrays.compareUnsigned(from, to) > 0) {
            expected = Map.of();
        } else if (from != null && to != null) {
            expected = model.subMap(from, true, to, false);
        } else if (from != null) {
            expected = model.tailMap(from, true);
        } else if (to != null) {
            expected = model.headMap(to, false);
        } else {
            expected = model;
        }
        List<String> want = new ArrayList<>();
        expected.forEach((k, v) -> want.add(Arrays.toString(k) + "=" + Arrays.toString(v)));
        List<String> got = new ArrayList<>();
        for (Entry e : Bytes.list(storage.range(from, to))) {
            got.add(Arrays.toString(e.key()) + "=" + Arrays.toString(e.value()));
        }
        assertEquals(want, got, where + ": range " + Arrays.toString(from) + " .. " + Arrays.toString(to));
    }
}
