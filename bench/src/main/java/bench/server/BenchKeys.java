package bench.server;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The keys and values both servers are filled with. Keys are spelled as ./course load spells them
 * (k0000123: 'k' and at least 7 zero-padded digits), so its GET workload finds every key it asks for.
 */
final class BenchKeys {
    private final long count;
    private final int width;
    private final int valueSize;

    BenchKeys(long count, int valueSize) {
        this.count = count;
        this.width = Math.max(7, Long.toString(count - 1).length());
        this.valueSize = valueSize;
    }

    long count() {
        return count;
    }

    byte[] key(long index) {
        String digits = Long.toString(index);
        return ("k" + "0".repeat(Math.max(0, width - digits.length())) + digits).getBytes(StandardCharsets.US_ASCII);
    }

    byte[] value(long index) {
        byte[] value = new byte[valueSize];
        new SplittableRandom(index).nextBytes(value);
        return value;
    }
}
