package course.hidden;

import java.util.SplittableRandom;

/**
 * Values that a test can write and check again without keeping them: each is a pure function of the test's seed, an
 * index and a length, so a test can write hundreds of megabytes through a small heap.
 */
public final class SeededValues {
    private SeededValues() {}

    public static byte[] of(long seed, long index, int length) {
        byte[] value = new byte[length];
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        int i = 0;
        while (i + 8 <= length) {
            long bits = random.nextLong();
            for (int b = 0; b < 8; b++) {
                value[i++] = (byte) (bits >>> (8 * b));
            }
        }
        while (i < length) {
            value[i++] = (byte) random.nextInt(256);
        }
        return value;
    }
}
