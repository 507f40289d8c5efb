package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;

import course.contract.storage.Entry;
import org.junit.jupiter.api.Test;

/**
 * The memtable's size is what decides when it is flushed, so it must follow what the memtable holds: an overwrite
 * replaces the old entry's cost (a hot key rewritten all day must not flush a table per few thousand writes) and
 * a value's bytes count (big values must not grow the memory without a flush).
 */
class MemTableSizeTest {
    @Test
    void anOverwriteReplacesTheOldEntrysCost() {
        MemTable table = new MemTable(1);
        table.put(new Entry(b("hot"), b("value-1")));
        long one = table.sizeBytes();
        for (int i = 0; i < 100; i++) {
            table.put(new Entry(b("hot"), b("value-2")));
        }
        assertEquals(one, table.sizeBytes(), "one key of the same size, however often it is written");
        table.put(Entry.tombstone(b("hot")));
        assertTrue(table.sizeBytes() < one, "a tombstone holds no value, so it costs less than the value it replaced");
    }

    @Test
    void aValuesBytesAreCounted() {
        MemTable table = new MemTable(1);
        table.put(new Entry(b("k"), new byte[100_000]));
        assertTrue(table.sizeBytes() >= 100_000, "counted " + table.sizeBytes() + " bytes for a 100 000-byte value");
    }
}
