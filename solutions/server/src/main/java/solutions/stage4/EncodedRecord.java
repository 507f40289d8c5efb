package solutions.stage4;

import one.nio.http.Response;
import solutions.stage1.SlicedAnswer;

/**
 * A record as a replica read it or sent it ({@link Record}'s encoded bytes), kept as those bytes. A coordinator compares
 * its replicas' answers in place and answers its client from those bytes too: decoding each answer on
 * arrival made a second copy of every value beside the bytes it came in, which the budget for answers did not count.
 * In heap dumps of a stage-4 coordinator that died of OutOfMemoryError (16 GETs of a 16 MiB value at once beside busy
 * loops, 128 MiB heap), two of the six live 16 MiB arrays were such copies.
 */
public final class EncodedRecord {
    private final byte[] encoded;

    private EncodedRecord(byte[] encoded) {
        this.encoded = encoded;
    }

    /** The record these bytes hold, without a copy; {@link IllegalArgumentException} when they hold none. */
    public static EncodedRecord of(byte[] encoded) {
        return new EncodedRecord(Record.checkEncoded(encoded));
    }

    /** How many bytes it holds: what was asked of the budget for answers to read it. */
    public int length() {
        return encoded.length;
    }

    public long timestamp() {
        return Record.storedTimestamp(encoded);
    }

    public boolean isTombstone() {
        return Record.storedTombstone(encoded);
    }

    /** Whether this record wins over the other (null: none), by {@link Record#newerThan}'s rule. */
    public boolean newerThan(EncodedRecord other) {
        return other == null || Record.winsOver(this.encoded, other.encoded);
    }

    /**
     * The client's 200 with the value, sent from these bytes without a copy ({@link SlicedAnswer}); not for a
     * tombstone.
     */
    public Response answer() {
        return new SlicedAnswer(Response.OK, encoded, Record.HEADER, encoded.length - Record.HEADER);
    }
}
