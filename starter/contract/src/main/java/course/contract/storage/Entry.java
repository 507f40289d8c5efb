package course.contract.storage;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A key and its value; a {@code null} value is a tombstone (the key was deleted).
 * Keys compare as unsigned bytes, lexicographically ({@link #compareKeys}).
 */
// keys and values are byte[] by the contract; equals and hashCode below compare their bytes.
@SuppressWarnings("ArrayRecordComponent")
public record Entry(byte[] key, byte[] value) {
    public Entry {
        Objects.requireNonNull(key, "key");
    }

    public static Entry tombstone(byte[] key) {
        return new Entry(key, null);
    }

    public boolean isTombstone() {
        return value == null;
    }

    public static int compareKeys(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /** Byte-wise equality: arrays in records otherwise compare by identity. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Entry e && Arrays.equals(key, e.key) && Arrays.equals(value, e.value);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(key) + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "Entry[" + HexFormat.of().formatHex(key) + " -> "
                + (value == null ? "tombstone" : value.length + " bytes") + "]";
    }
}
