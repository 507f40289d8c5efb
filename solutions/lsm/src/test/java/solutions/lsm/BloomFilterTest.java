package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter as a table reads it back from its file: it never says "absent" for a key it holds (that would lose
 * data), and it says "absent" for nearly every other key (otherwise each point read opens every table: the filter
 * exists for speed, and a filter that answers "maybe" to everything passes every other test).
 */
class BloomFilterTest {
    private static final int KEYS = 20_000;

    @TempDir
    Path dir;

    @Test
    void holdsEveryAddedKeyAndRejectsAlmostEveryOther() throws IOException {
        BloomFilter filter = new BloomFilter(KEYS);
        for (int i = 0; i < KEYS; i++) {
            filter.add(key("in", i));
        }
        Path file = dir.resolve("filter");
        // Big-endian longs, as SsTableWriter writes the filter into a table.
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            for (long word : filter.words()) {
                out.writeLong(word);
            }
        }
        MappedFile mapped = MappedFile.map(file);
        for (int i = 0; i < KEYS; i++) {
            assertTrue(
                    BloomFilter.mightContain(mapped, 0, filter.blocks(), BloomFilter.HASHES, key("in", i)),
                    "an added key must never be reported absent: key " + i);
        }
        int falsePositives = 0;
        for (int i = 0; i < KEYS; i++) {
            if (BloomFilter.mightContain(mapped, 0, filter.blocks(), BloomFilter.HASHES, key("out", i))) {
                falsePositives++;
            }
        }
        // 10 bits per key and 6 hashes in one cache line give about 1%; 3% leaves room for the blocking.
        assertTrue(
                falsePositives < KEYS * 3 / 100,
                falsePositives + " of " + KEYS + " absent keys were reported as"
                        + " maybe present: the filter is not doing its job");
    }

    private static byte[] key(String prefix, int i) {
        return Bytes.b(prefix + i);
    }
}
