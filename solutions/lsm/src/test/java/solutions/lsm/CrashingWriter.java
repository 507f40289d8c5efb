package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The process that {@link KillRecoveryTest} kills with {@code kill -9}: writes keys as fast as it can and prints
 * "ack N" after each upsert returned. Bounded so that a test that forgets it still ends: 200,000 keys, 60 s.
 */
public final class CrashingWriter {
    static final int VALUE_BYTES = 200;

    private CrashingWriter() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long deadline = System.nanoTime() + 60_000_000_000L;
        try (LsmStorage storage = LsmStorage.open(new StorageConfig(dir, 64 * 1024))) {
            for (int i = 0; i < 200_000 && System.nanoTime() < deadline; i++) {
                storage.upsert(new Entry(key(i), value(i)));
                System.out.println("ack " + i);
                System.out.flush();
            }
        }
    }

    static byte[] key(int i) {
        return String.format("key-%08d", i).getBytes(UTF_8);
    }

    static byte[] value(int i) {
        byte[] v = new byte[VALUE_BYTES];
        Arrays.fill(v, (byte) ('a' + i % 26));
        return v;
    }
}
