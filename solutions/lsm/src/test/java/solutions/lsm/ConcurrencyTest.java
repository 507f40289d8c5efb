package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers, readers and a compactor at once, over small memtables so that background flushes and compactions
 * swap the table set under the readers' feet. Each value starts with its key, so a reader can tell a torn or
 * misplaced value; the final state must be every writer's last round.
 */
class ConcurrencyTest {
    private static final int WRITERS = 4;
    private static final int KEYS_PER_WRITER = 300;
    private static final int ROUNDS = 5;

    @TempDir
    Path dir;

    @Test
    void writersReadersAndCompactionsTogether() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 3);
        AtomicBoolean writing = new AtomicBoolean(true);
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 16 * 1024))) {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    for (int round = 0; round < ROUNDS; round++) {
                        for (int i = 0; i < KEYS_PER_WRITER; i++) {
                            String key = key(writer, i);
                            storage.upsert(new Entry(b(key), b(key + "@" + round)));
                        }
                    }
                    return null;
                }));
            }
            List<Future<?>> others = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                int seed = r;
                others.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int n = 0; n < 200_000 && writing.get(); n++) {
                        String key = key(random.nextInt(WRITERS), random.nextInt(KEYS_PER_WRITER));
                        String value = s(storage.get(b(key)));
                        assertTrue(value == null || value.startsWith(key + "@"), key + " -> " + value);
                        if (n % 500 == 0) {
                            checkSortedAndConsistent(storage.range(null, null));
                        }
                    }
                    return null;
                }));
            }
            others.add(pool.submit(() -> {
                for (int n = 0; n < 50 && writing.get(); n++) {
                    storage.compact();
                    Thread.sleep(20);
                }
                return null;
            }));
            for (Future<?> f : writers) {
                f.get(30, TimeUnit.SECONDS);
            }
            writing.set(false);
            for (Future<?> f : others) {
                f.get(30, TimeUnit.SECONDS);
            }
            for (int w = 0; w < WRITERS; w++) {
                for (int i = 0; i < KEYS_PER_WRITER; i++) {
                    assertEquals(key(w, i) + "@" + (ROUNDS - 1), s(storage.get(b(key(w, i)))));
                }
            }
            assertEquals(
                    WRITERS * KEYS_PER_WRITER,
                    Bytes.list(storage.range(null, null)).size());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void checkSortedAndConsistent(Iterator<Entry> it) {
        String previous = null;
        while (it.hasNext()) {
            Entry e = it.next();
            String key = s(e.key());
            assertTrue(previous == null || previous.compareTo(key) < 0, previous + " then " + key);
            assertTrue(s(e.value()).startsWith(key + "@"), key + " -> " + s(e.value()));
            previous = key;
        }
    }

    private static String key(int writer, int i) {
        return String.format("w%d-%05d", writer, i);
    }
}
