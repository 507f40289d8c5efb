package bench;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * The data both engines get: key i is a bijective 64-bit mix of i (so insertion order is random in key order),
 * value i is one of 256 random byte strings with i in its first eight bytes, so a read can be checked.
 */
final class BenchData {
    private final byte[][] pool = new byte[256][];

    BenchData(int valueSize, long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new byte[valueSize];
            random.nextBytes(pool[i]);
        }
    }

    static byte[] key(long i) {
        return ByteBuffer.allocate(Long.BYTES).putLong(mix(i)).array();
    }

    byte[] value(long i) {
        byte[] v = pool[(int) (i & 0xFF)].clone();
        ByteBuffer.wrap(v).putLong(0, i);
        return v;
    }

    static boolean isValueOf(byte[] value, long i, int valueSize) {
        return value != null
                && value.length == valueSize
                && ByteBuffer.wrap(value).getLong(0) == i;
    }

    /** The splitmix64 finalizer: a bijection on 64-bit numbers, so distinct i give distinct keys. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
