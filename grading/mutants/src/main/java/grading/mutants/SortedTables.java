package grading.mutants;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A small storage as a student writes one, for the mutants of key order and table search: a sorted memtable, written
 * as a sorted table file when the storage closes; a point read looks in the memtable, then binary-searches the tables
 * newest first; a range merges the memtable with each table read from its lower bound. A mutant opens it in place of
 * the reference engine and overrides the one thing it breaks: the memtable's order, the search, the lower bound.
 * No write-ahead log: the mutants that use it are checked with clean restarts only.
 */
// TOMBSTONE is a sentinel array: identity is the test.
@SuppressWarnings("ReferenceEquality")
public class SortedTables implements Storage {
    private static final byte[] TOMBSTONE = new byte[0];

    private final Path dir;
    private final TreeMap<byte[], byte[]> memtable;
    private final List<Entry[]> tablesNewestFirst = new ArrayList<>();

    public SortedTables(Path dir, Comparator<byte[]> memtableOrder) throws IOException {
        this.dir = dir;
        this.memtable = new TreeMap<>(memtableOrder);
        Files.createDirectories(dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().startsWith("mutant-table-"))
                    .sorted()
                    .toList();
        }
        for (Path f : files) {
            tablesNewestFirst.add(0, read(f));
        }
    }

    /** The index of {@code key} in a table sorted by unsigned bytes, or -1. */
    protected int search(Entry[] table, byte[] key) {
        return binarySearch(table, key, 0, table.length - 1);
    }

    /** The index of the first entry whose key is at or after {@code key}, or the table's length when there is none. */
    protected int lowerBound(Entry[] table, byte[] key) {
        return lowerBoundBefore(table, key, table.length);
    }

    /** The index of the first entry before {@code hi} whose key is at or after {@code key}, or {@code hi}. */
    protected static int lowerBoundBefore(Entry[] table, byte[] key, int hi) {
        int lo = 0;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(table[mid].key(), key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public synchronized byte[] get(byte[] key) {
        byte[] v = memtable.get(key);
        if (v != null) {
            return v == TOMBSTONE ? null : v;
        }
        for (Entry[] table : tablesNewestFirst) {
            int i = search(table, key);
            if (i >= 0) {
                return table[i].value();
            }
        }
        return null;
    }

    /** Collected, not streamed: the mutants that use this are checked with small ranges. */
    @Override
    public synchronized Iterator<Entry> range(byte[] from, byte[] to) {
        TreeMap<byte[], byte[]> merged = new TreeMap<>(Arrays::compareUnsigned);
        for (int t = tablesNewestFirst.size() - 1; t >= 0; t--) { // oldest first: a newer table overwrites
            Entry[] table = tablesNewestFirst.get(t);
            int first = from == null ? 0 : lowerBound(table, from);
            for (int i = first; i < table.length && below(table[i].key(), to); i++) {
                merged.put(table[i].key(), table[i].isTombstone() ? TOMBSTONE : table[i].value());
            }
        }
        memtable.forEach((key, value) -> {
            if ((from == null || Arrays.compareUnsigned(key, from) >= 0) && below(key, to)) {
                merged.put(key, value);
            }
        });
        List<Entry> live = new ArrayList<>();
        merged.forEach((key, value) -> {
            if (value != TOMBSTONE) {
                live.add(new Entry(key, value));
            }
        });
        return live.iterator();
    }

    private static boolean below(byte[] key, byte[] to) {
        return to == null || Arrays.compareUnsigned(key, to) < 0;
    }

    @Override
    public synchronized void upsert(Entry entry) {
        memtable.put(
                entry.key().clone(),
                entry.isTombstone() ? TOMBSTONE : entry.value().clone());
    }

    @Override
    public synchronized void flush() throws IOException {
        if (memtable.isEmpty()) {
            return;
        }
        Path file = dir.resolve(String.format("mutant-table-%08d", tablesNewestFirst.size()));
        try (OutputStream raw = Files.newOutputStream(file);
                DataOutputStream out = new DataOutputStream(raw)) {
            out.writeInt(memtable.size());
            for (Map.Entry<byte[], byte[]> e : memtable.entrySet()) { // written in the memtable's order
                out.writeInt(e.getKey().length);
                out.write(e.getKey());
                out.writeInt(e.getValue() == TOMBSTONE ? -1 : e.getValue().length);
                if (e.getValue() != TOMBSTONE) {
                    out.write(e.getValue());
                }
            }
        }
        tablesNewestFirst.add(0, read(file));
        memtable.clear();
    }

    /** Tables stay as they were flushed: the mutants that use this storage never need a merge. */
    @Override
    public void compact() {}

    /** Flushes, so that a clean restart reads everything back from the tables. */
    @Override
    public void close() throws IOException {
        flush();
    }

    private static Entry[] read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(raw)) {
            Entry[] entries = new Entry[in.readInt()];
            for (int i = 0; i < entries.length; i++) {
                byte[] key = new byte[in.readInt()];
                in.readFully(key);
                int length = in.readInt();
                byte[] value = length < 0 ? null : in.readNBytes(length);
                entries[i] = new Entry(key, value);
            }
            return entries;
        }
    }

    /** Binary search by unsigned bytes between {@code lo} and {@code hi}, both inclusive. */
    public static int binarySearch(Entry[] table, byte[] key, int lo, int hi) {
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(table[mid].key(), key);
            if (c == 0) {
                return mid;
            } else if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }
}
