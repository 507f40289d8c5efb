package solutions.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Last write wins, the same on every replica whatever order the records arrive in: the later timestamp, and on a tie
 * (two coordinators in one microsecond) the tombstone, then the larger value in unsigned byte order. Exactly one of
 * two different records wins over the other, never both, never neither.
 */
class RecordTest {
    private static Record value(long timestamp, String v) {
        return new Record(timestamp, v.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void theLaterTimestampWinsWhateverTheValues() {
        assertTrue(value(2, "a").newerThan(value(1, "z")));
        assertFalse(value(1, "z").newerThan(value(2, "a")));
        assertTrue(Record.tombstone(2).newerThan(value(1, "z")));
        assertFalse(Record.tombstone(1).newerThan(value(2, "a")));
        assertTrue(value(2, "a").newerThan(Record.tombstone(1)));
    }

    @Test
    void onATieTheTombstoneWinsOverAValue() {
        assertTrue(Record.tombstone(5).newerThan(value(5, "v")), "a delete and a write in one microsecond: the delete");
        assertFalse(value(5, "v").newerThan(Record.tombstone(5)), "the write must lose the tie to the delete");
    }

    @Test
    void onATieTheLargerValueWinsInUnsignedByteOrder() {
        assertTrue(value(5, "b").newerThan(value(5, "a")));
        assertFalse(value(5, "a").newerThan(value(5, "b")));
        // 0xFF is the largest byte, though Java's signed byte calls it -1.
        assertTrue(value(5, "\u00ff").newerThan(value(5, "a")), "0xFF after 'a' in unsigned order");
        assertFalse(value(5, "a").newerThan(value(5, "\u00ff")));
        assertTrue(value(5, "ab").newerThan(value(5, "a")), "a longer value with the same start is larger");
    }

    @Test
    void aRecordDoesNotWinOverItsEqual() {
        assertFalse(value(5, "same").newerThan(value(5, "same")));
        assertFalse(Record.tombstone(5).newerThan(Record.tombstone(5)));
    }

    @Test
    void anyRecordWinsOverNone() {
        assertTrue(value(0, "").newerThan(null));
        assertTrue(Record.tombstone(0).newerThan(null));
    }

    @Test
    void comparedWithItsStoredFormTheRuleIsTheSame() {
        // A replica compares a write with the record it holds as stored bytes (newerThanStored, no decode).
        List<Record> records = List.of(
                value(1, "z"),
                value(2, "a"),
                value(5, "a"),
                value(5, "b"),
                value(5, "ab"),
                value(5, "\u00ff"),
                value(5, ""),
                Record.tombstone(1),
                Record.tombstone(5),
                Record.tombstone(2));
        for (Record write : records) {
            assertTrue(write.newerThanStored(null));
            for (Record stored : records) {
                assertEquals(
                        write.newerThan(stored),
                        write.newerThanStored(stored.encode()),
                        write.timestamp() + "/" + write.isTombstone() + " against " + stored.timestamp() + "/"
                                + stored.isTombstone());
            }
        }
    }
}
