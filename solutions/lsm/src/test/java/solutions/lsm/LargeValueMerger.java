package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The process that {@link LargeValueMergeTest} runs in a small heap: writes {@value #TABLES} values of
 * {@value #VALUE_BYTES} bytes, one table each, merges them all, and prints "merged".
 */
public final class LargeValueMerger {
    static final int TABLES = 12;
    static final int VALUE_BYTES = 8 << 20;

    private LargeValueMerger() {}

    public static void main(String[] args) throws Exception {
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(Path.of(args[0]), 1 << 20))) {
            for (int i = 0; i < TABLES; i++) {
                storage.upsert(new Entry(key(i), value(i)));
                storage.flush();
            }
            storage.compact();
            System.out.println("merged into " + storage.tableCount() + " table");
        }
    }

    static byte[] key(int i) {
        return ("large-" + i).getBytes(UTF_8);
    }

    static byte[] value(int i) {
        byte[] v = new byte[VALUE_BYTES];
        Arrays.fill(v, (byte) i);
        v[i] = (byte) ~i; // not all one byte: a value copied from the wrong place shows
        return v;
    }
}
