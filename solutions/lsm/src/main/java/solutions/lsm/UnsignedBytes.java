package solutions.lsm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Keys compare as unsigned bytes, the order of {@link course.contract.storage.Entry#compareKeys}. */
final class UnsignedBytes {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private UnsignedBytes() {}

    /**
     * The {@code length} bytes of big-endian {@code buffer} at {@code pos} compared with {@code key}, eight at a time:
     * big-endian longs compare unsigned exactly like their bytes do.
     */
    static int compare(ByteBuffer buffer, int pos, int length, byte[] key) {
        int common = Math.min(length, key.length);
        int i = 0;
        for (; i + Long.BYTES <= common; i += Long.BYTES) {
            long a = buffer.getLong(pos + i);
            long b = (long) LONG_BE.get(key, i);
            if (a != b) {
                return Long.compareUnsigned(a, b);
            }
        }
        for (; i < common; i++) {
            int c = Byte.compareUnsigned(buffer.get(pos + i), key[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(length, key.length);
    }
}
