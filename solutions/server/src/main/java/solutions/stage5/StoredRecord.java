package solutions.stage5;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A replica's record as stage 4 stores it and sends it between nodes: {@code [timestamp: 8][tombstone: 1][value]}.
 * A leftover copy of {@link solutions.stage4.Record}, now public: stage 5 no longer uses it, and it goes once stage
 * 6's range handler decodes records with {@link solutions.stage4.Record#decode} instead.
 *
 * @param value null for a tombstone
 */
public record StoredRecord(long timestamp, byte[] value) {
    private static final int HEADER = Long.BYTES + 1;

    public boolean isTombstone() {
        return value == null;
    }

    public static StoredRecord decode(byte[] bytes) {
        if (bytes.length < HEADER || (bytes[Long.BYTES] != 0 && bytes[Long.BYTES] != 1)) {
            throw new IllegalArgumentException("not a replica record (" + bytes.length + " bytes): was this data "
                    + "written by a stage before 4? Start the node on an empty working directory");
        }
        long timestamp = ByteBuffer.wrap(bytes).getLong();
        return new StoredRecord(timestamp, bytes[Long.BYTES] == 1 ? null : Arrays.copyOfRange(bytes, HEADER, bytes.length));
    }

    /** Stage 4's order: the later timestamp; on a tie the tombstone, then the larger value. */
    public boolean newerThan(StoredRecord other) {
        if (other == null) {
            return true;
        }
        if (timestamp != other.timestamp) {
            return timestamp > other.timestamp;
        }
        if (isTombstone() || other.isTombstone()) {
            return isTombstone() && !other.isTombstone();
        }
        return Arrays.compareUnsigned(value, other.value) > 0;
    }
}
