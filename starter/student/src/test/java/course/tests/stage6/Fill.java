package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Cluster;
import course.harness.KvClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code count} values of {@code size} bytes under keys {@link #key}: written to a node by a few writers at once, and
 * read back as one range, checked entry by entry as it arrives (never kept, so the range may exceed the heap).
 */
record Fill(int count, int size) {
    static String key(int i) {
        return String.format("big-%06d", i);
    }

    /** The value of key i: its first byte says which key it belongs to, so a reader can check without keeping it. */
    static byte[] value(int i, int size) {
        byte[] v = new byte[size];
        Arrays.fill(v, (byte) ('a' + i % 26));
        return v;
    }

    /** Writes the fill to node 0, a few writers at once, each PUT allowed 20 s (a value may be large). */
    void writeTo(Cluster cluster) throws Exception {
        KvClient client = cluster.client().withTimeout(Duration.ofSeconds(20));
        int writers = 4;
        try (ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int first = w;
                done.add(pool.submit(() -> {
                    for (int i = first; i < count; i += writers) {
                        client.put(0, key(i), value(i, size)).assertStatus(201);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
    }

    /**
     * Reads {@code path} (a range over the whole fill) from the node at {@code url}: 200, every key in order with its
     * own value's length and first byte, all {@code count} entries and {@code count * size} value bytes;
     * {@code when} says in what situation (it ends each count's message).
     */
    void assertRangeReadsBack(String url, String path, String when) throws Exception {
        long[] entries = {0};
        long[] bytes = {0};
        RangeReader.read(url, path, chunk -> {
                    int i = (int) entries[0];
                    assertEquals(key(i), chunk.keyText(), "entry " + i + " of the range");
                    assertEquals(size, chunk.value().length, "the length of " + chunk.keyText());
                    assertEquals(value(i, 1)[0], chunk.value()[0], "the first byte of " + chunk.keyText());
                    entries[0]++;
                    bytes[0] += chunk.value().length;
                    return true;
                })
                .assertStatus(200);
        assertEquals(count, entries[0], "entries of the range " + when);
        assertEquals((long) count * size, bytes[0], "value bytes of the range " + when);
    }
}
