package solutions.lsm;

import course.contract.storage.Entry;
import java.util.Iterator;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sorted in-memory table that takes every write until it is frozen and flushed. Tombstones are stored as
 * entries with a {@code null} value so that they hide older values in the files below.
 */
final class MemTable {
    /** A rough per-entry cost of the skip list node, the entry record and the array headers. */
    private static final int ENTRY_OVERHEAD_BYTES = 96;

    private final ConcurrentSkipListMap<byte[], Entry> entries = new ConcurrentSkipListMap<>(Entry::compareKeys);
    private final AtomicLong sizeBytes = new AtomicLong();
    private final long generation;

    MemTable(long generation) {
        this.generation = generation;
    }

    /** The generation of the write-ahead log that holds the same entries. */
    long generation() {
        return generation;
    }

    void put(Entry entry) {
        Entry previous = entries.put(entry.key(), entry);
        long delta = cost(entry) - (previous == null ? 0 : cost(previous));
        sizeBytes.addAndGet(delta);
    }

    /** The entry (possibly a tombstone), or {@code null} when this table has nothing for the key. */
    Entry get(byte[] key) {
        return entries.get(key);
    }

    Iterator<Entry> iterator(byte[] from, byte[] to) {
        NavigableMap<byte[], Entry> view = entries;
        if (from != null && to != null) {
            view = Entry.compareKeys(from, to) >= 0
                    ? entries.subMap(from, true, from, false)
                    : entries.subMap(from, true, to, false);
        } else if (from != null) {
            view = entries.tailMap(from, true);
        } else if (to != null) {
            view = entries.headMap(to, false);
        }
        return view.values().iterator();
    }

    long sizeBytes() {
        return sizeBytes.get();
    }

    int count() {
        return entries.size();
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    private static long cost(Entry e) {
        return (long) e.key().length + (e.isTombstone() ? 0 : e.value().length) + ENTRY_OVERHEAD_BYTES;
    }
}
