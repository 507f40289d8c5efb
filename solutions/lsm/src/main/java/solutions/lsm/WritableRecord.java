package solutions.lsm;

import course.contract.storage.Entry;
import java.io.IOException;

/** What {@link SsTableWriter} needs of a record: its key, its value's length, and a way to write the value. */
interface WritableRecord {
    byte[] key();

    /** The value's length in bytes, or {@link SsTableFormat#TOMBSTONE_LENGTH} for a tombstone. */
    int valueLength();

    /** Writes the value's bytes; not called for a tombstone. */
    void writeValue(ChecksummedOutput out) throws IOException;

    /** An entry held in memory (a memtable's, or a replayed log's). */
    static WritableRecord of(Entry entry) {
        return new InMemory(entry);
    }

    record InMemory(Entry entry) implements WritableRecord {
        @Override
        public byte[] key() {
            return entry.key();
        }

        @Override
        public int valueLength() {
            return entry.isTombstone() ? SsTableFormat.TOMBSTONE_LENGTH : entry.value().length;
        }

        @Override
        public void writeValue(ChecksummedOutput out) throws IOException {
            out.write(entry.value());
        }
    }
}
