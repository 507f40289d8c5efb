package course.load;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/** Draws key indexes 0..keys-1 in the chosen order; shared by all worker threads (each passes its own random). */
final class KeySource {
    private final KeyOrder order;
    private final long keys;
    private final AtomicLong sequence = new AtomicLong();
    private final Zipfian zipfian;
    private final int width;

    KeySource(KeyOrder order, long keys) {
        this.order = order;
        this.keys = keys;
        this.zipfian = order == KeyOrder.ZIPFIAN ? new Zipfian(keys, Zipfian.DEFAULT_THETA) : null;
        // Fixed-width keys sort in numeric order, which keeps range scans in the store meaningful.
        this.width = Math.max(7, Long.toString(keys - 1).length());
    }

    long next(RandomGenerator random) {
        return switch (order) {
            case SEQUENTIAL -> sequence.getAndIncrement() % keys;
            case UNIFORM -> random.nextLong(keys);
            case ZIPFIAN -> zipfian.next(random);
        };
    }

    /** The key's text, e.g. {@code k0000123}. */
    String format(long index) {
        String digits = Long.toString(index);
        StringBuilder sb = new StringBuilder(width + 1).append('k');
        for (int i = digits.length(); i < width; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }

    /** Writes the same text as {@link #format} into {@code out}, without building a string. */
    void formatInto(long index, ByteBuffer out) {
        int digits = 1;
        for (long v = index; v >= 10; v /= 10) {
            digits++;
        }
        out.put((byte) 'k');
        for (int i = digits; i < width; i++) {
            out.put((byte) '0');
        }
        int end = out.position() + digits;
        long v = index;
        for (int i = end - 1; i >= end - digits; i--) {
            out.put(i, (byte) ('0' + v % 10));
            v /= 10;
        }
        out.position(end);
    }
}
