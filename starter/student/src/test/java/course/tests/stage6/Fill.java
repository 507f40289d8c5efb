package course.tests.stage6;

import course.harness.KvClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Fills a node with {@code count} values of {@code size} bytes under keys {@link #key}, a few writers at once. */
final class Fill {
    private Fill() {
    }

    static String key(int i) {
        return String.format("big-%06d", i);
    }

    /** The value of key i: its first byte says which key it belongs to, so a reader can check without keeping it. */
    static byte[] value(int i, int size) {
        byte[] v = new byte[size];
        java.util.Arrays.fill(v, (byte) ('a' + i % 26));
        return v;
    }

    static void fill(KvClient client, int node, int count, int size) throws Exception {
        int writers = 4;
        try (ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int first = w;
                done.add(pool.submit(() -> {
                    for (int i = first; i < count; i += writers) {
                        client.put(node, key(i), value(i, size)).assertStatus(201);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
    }
}
