package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a full memtable is frozen for its background flush, and what reads see while that flush runs. */
class FlushTriggerTest {
    @TempDir
    Path dir;

    @Test
    void aMemtableThatReachesTheThresholdExactlyIsFlushed() throws Exception {
        Entry entry = new Entry(b("key"), b("value"));
        MemTable measure = new MemTable(0);
        measure.put(entry);
        long threshold = measure.sizeBytes(); // the memtable holds exactly the threshold after this one upsert
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, threshold), new NeverMerges())) {
            storage.upsert(entry);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (storage.tableCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, storage.tableCount(), "no flush 10 s after the memtable reached its threshold");
        }
    }

    @Test
    void whileAFlushRunsReadsSeeTheFrozenMemtableBehindTheNewOne() throws IOException {
        // The big values make the flush take a while, so the reads below run while it does (a read after it
        // passes trivially); both answers are wrong if the frozen memtable is skipped or read before the active one.
        int value = 64 << 10;
        int entries = 64;
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, (long) value * entries), new NeverMerges())) {
            storage.upsert(new Entry(b("frozen"), b("old")));
            storage.upsert(new Entry(b("both"), b("old")));
            storage.flush();
            storage.upsert(new Entry(b("frozen"), b("new")));
            storage.upsert(new Entry(b("both"), b("frozen-value")));
            for (int i = 0; i < entries; i++) { // the last of these freezes the memtable and starts its flush
                storage.upsert(new Entry(b("fill" + i), new byte[value]));
            }
            storage.upsert(new Entry(b("both"), b("newest")));
            assertEquals("new", s(storage.get(b("frozen"))), "a key only the frozen memtable holds");
            assertEquals("newest", s(storage.get(b("both"))), "a key the active memtable overwrote");
            assertTrue(storage.tableCount() >= 1);
        }
    }
}
