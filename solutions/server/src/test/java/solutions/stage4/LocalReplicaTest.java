package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solutions.lsm.LsmStorage;

/**
 * What a replica's write costs in memory. Every write is compared with the record the replica holds; overwriting a
 * large value must not copy the stored value more than the storage's own read does. With a decode for the
 * comparison, a write of a 16 MiB value over another made four 16 MiB arrays on the writing thread (the storage's
 * copy, the decode, the encode, the storage's own copy) while the request's body was still held: in a heap dump of a
 * stage-4 replica beside busy loops, five 16 MiB arrays were live at once in its 128 MiB heap.
 */
class LocalReplicaTest {
    private static final int VALUE_BYTES = 4 << 20;

    @TempDir
    Path dir;

    @Test
    void overwritingALargeValueCopiesTheStoredValueOnlyOnceToCompare() throws Exception {
        try (Storage storage = LsmStorage.open(new StorageConfig(dir, 64L << 20))) {
            LocalReplica replica = new LocalReplica(storage);
            byte[] key = "large".getBytes(StandardCharsets.UTF_8);
            replica.write(key, new Record(1, filled((byte) 'a')));
            byte[] newer = filled((byte) 'b');
            Record write = new Record(2, newer);
            replica.write(key, new Record(0, filled((byte) 'c'))); // warms the path up; older, so not stored

            long allocated = allocatedBy(() -> replica.write(key, write));

            // The stored value read once to compare (the engine's copy), the encoded record, the engine's own copy of
            // it: three values' worth, a little more for the small objects around them. A decode would make four.
            assertTrue(
                    allocated < 3.5 * VALUE_BYTES,
                    "overwriting a " + VALUE_BYTES + "-byte value allocated " + allocated + " bytes ("
                            + String.format("%.2f", (double) allocated / VALUE_BYTES)
                            + " values): compare with the stored record in place, without decoding its value");
            byte[] stored = replica.readEncoded(key);
            assertArrayEquals(newer, Record.decode(stored).value(), "the newer write must be stored");
        }
    }

    private static byte[] filled(byte b) {
        byte[] value = new byte[VALUE_BYTES];
        Arrays.fill(value, b);
        return value;
    }

    private interface Write {
        void run() throws Exception;
    }

    /** Bytes this thread allocated while {@code write} ran (HotSpot counts every allocation of the thread). */
    private static long allocatedBy(Write write) throws Exception {
        long before = AllocatedBytes.ofThisThread();
        write.run();
        return AllocatedBytes.ofThisThread() - before;
    }
}
