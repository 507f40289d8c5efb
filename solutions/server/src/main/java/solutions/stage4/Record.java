package solutions.stage4;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What a replica stores for a key: the write's timestamp and the value, or a tombstone. It goes into the unchanged
 * storage as the value bytes {@code [timestamp: 8 bytes][tombstone: 1 byte][value]}; a storage-level tombstone
 * would lose the timestamp, and then a delete could not win over an older write that a restarted node missed.
 * The same bytes travel between nodes as a replica's answer to a read.
 *
 * @param value null for a tombstone
 */
// ArrayRecordComponent: values are byte[] by the contract; records are compared by timestamp (wins), never with
// equals. AvoidCommonTypeNames: the references of stages 4-6 and
// their mutants name it; none of them uses java.lang.Record.
@SuppressWarnings({"ArrayRecordComponent", "AvoidCommonTypeNames"})
public record Record(long timestamp, byte[] value) {
    static final int HEADER = Long.BYTES + 1;

    public static Record tombstone(long timestamp) {
        return new Record(timestamp, null);
    }

    public boolean isTombstone() {
        return value == null;
    }

    public byte[] encode() {
        byte[] v = value == null ? new byte[0] : value;
        return ByteBuffer.allocate(HEADER + v.length)
                .putLong(timestamp)
                .put((byte) (value == null ? 1 : 0))
                .put(v)
                .array();
    }

    public static Record decode(byte[] bytes) {
        checkEncoded(bytes);
        long timestamp = storedTimestamp(bytes);
        return storedTombstone(bytes)
                ? tombstone(timestamp)
                : new Record(timestamp, Arrays.copyOfRange(bytes, HEADER, bytes.length));
    }

    static long storedTimestamp(byte[] encoded) {
        return ByteBuffer.wrap(encoded).getLong();
    }

    static boolean storedTombstone(byte[] encoded) {
        return encoded[Long.BYTES] == 1;
    }

    /** Checks that {@code bytes} are an encoded record, without decoding (copying) the value. */
    public static byte[] checkEncoded(byte[] bytes) {
        if (bytes.length < HEADER || (bytes[Long.BYTES] != 0 && bytes[Long.BYTES] != 1)) {
            throw new IllegalArgumentException("not a stage-4 record (" + bytes.length + " bytes): was this data "
                    + "written by a stage before 4? Start the node on an empty working directory");
        }
        return bytes;
    }

    /**
     * Whether this record wins over the one stored as {@code encoded} (null: none), read in place: the same rule as
     * {@link #newerThan}, without decoding (copying) the stored value. A replica compares every write with what it
     * holds, and a decode of a stored 16 MiB value made a third 16 MiB array beside the write's body and its encoded
     * copy: in a dump of a stage-4 replica beside busy loops, five such arrays were live at once in a 128 MiB heap.
     */
    public boolean newerThanStored(byte[] encoded) {
        return encoded == null || Parts.of(this).winsOver(Parts.stored(checkEncoded(encoded)));
    }

    /**
     * Whether this record wins over the other: the later timestamp; on a tie (two coordinators in the same
     * microsecond) the tombstone, then the larger value, so every node resolves the tie the same way.
     */
    public boolean newerThan(Record other) {
        return other == null || Parts.of(this).winsOver(Parts.of(other));
    }

    /** The rule of {@link #newerThan} between two records as stored (both checked), read in place. */
    static boolean winsOver(byte[] encoded, byte[] otherEncoded) {
        return Parts.stored(encoded).winsOver(Parts.stored(otherEncoded));
    }

    /** A record as the rule reads it, its value a range of an array: decoded, or in its stored bytes. */
    @SuppressWarnings("ArrayRecordComponent") // a view, compared by the rule, never with equals
    private record Parts(long timestamp, boolean tombstone, byte[] bytes, int from, int to) {
        static Parts of(Record r) {
            return new Parts(r.timestamp, r.isTombstone(), r.value, 0, r.isTombstone() ? 0 : r.value.length);
        }

        static Parts stored(byte[] encoded) {
            return new Parts(storedTimestamp(encoded), storedTombstone(encoded), encoded, HEADER, encoded.length);
        }

        boolean winsOver(Parts other) {
            if (timestamp != other.timestamp) {
                return timestamp > other.timestamp;
            }
            if (tombstone || other.tombstone) {
                return tombstone && !other.tombstone;
            }
            return Arrays.compareUnsigned(bytes, from, to, other.bytes, other.from, other.to) > 0;
        }
    }
}
