package solutions.lsm;

import java.io.IOException;

/**
 * A table's record as a compaction sees it: the key on the heap, the value left in the table's file until the
 * merged table is written, then copied from the {@link RecordScan} that read the record. A merge of k tables that read whole entries held
 * 2k values at once (each source's next entry and its place in the merge): with 1 MiB values, which G1 stores in two
 * 1 MiB regions each, a merge of 9 tables took 36 MiB of a 128 MiB heap, and a burst of large PUTs killed a
 * stage-4 node. Now a merge holds k keys, whatever the values' size.
 */
// ArrayRecordComponent: keys are byte[] by the contract, compared with Entry.compareKeys, never with equals.
@SuppressWarnings("ArrayRecordComponent")
record StoredRecord(byte[] key, int valueLength, RecordScan scan, long valueOffset) implements WritableRecord {
    boolean isTombstone() {
        return valueLength == SsTableFormat.TOMBSTONE_LENGTH;
    }

    @Override
    public void writeValue(ChecksummedOutput out) throws IOException {
        scan.copyValue(valueOffset, valueLength, out);
    }
}
