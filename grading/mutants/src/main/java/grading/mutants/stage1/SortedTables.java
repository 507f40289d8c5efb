package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntBiFunction;
import java.util.stream.Stream;

/**
 * A small storage as a student writes one, for the key-order mutants: a sorted memtable, written on flush as a
 * sorted table file, and a point read that looks in the memtable, then binary-searches the tables newest first.
 * The reference's storage underneath is not used for data. Subclasses choose the memtable's order and the search.
 * No write-ahead log: the mutants that use it are checked with clean restarts only.
 */
abstract class SortedTables extends ForwardingStorage implements Stage1With.StoppedWithTheNode {
    private final Path dir;
    private final TreeMap<byte[], byte[]> memtable;
    private final List<Entry[]> tablesNewestFirst = new ArrayList<>();
    private static final byte[] TOMBSTONE = new byte[0];

    /**
     * The stage-1 node over these tables, with the memtable's order and the table search a mutant chooses; the
     * tables are flushed when the node stops, so a restart reads them back.
     */
    static Service node(ServiceConfig config, Comparator<byte[]> memtableOrder,
                        ToIntBiFunction<Entry[], byte[]> search) {
        return Stage1With.storage(config, storage -> new SortedTables(storage, config.workingDir(), memtableOrder) {
            @Override
            int search(Entry[] table, byte[] key) {
                return search.applyAsInt(table, key);
            }
        });
    }

    SortedTables(Storage unused, Path dir, Comparator<byte[]> memtableOrder) throws IOException {
        super(unused);
        this.dir = dir;
        this.memtable = new TreeMap<>(memtableOrder);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().startsWith("mutant-table-")).sorted().toList();
        }
        for (Path f : files) {
            tablesNewestFirst.add(0, read(f));
        }
    }

    /** The index of {@code key} in a table sorted by unsigned bytes, or -1. */
    abstract int search(Entry[] table, byte[] key);

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

    @Override
    public synchronized void upsert(Entry entry) {
        memtable.put(entry.key(), entry.value() == null ? TOMBSTONE : entry.value());
    }

    @Override
    public synchronized void flush() throws IOException {
        if (memtable.isEmpty()) {
            return;
        }
        Path file = dir.resolve(String.format("mutant-table-%08d", tablesNewestFirst.size()));
        try (OutputStream raw = Files.newOutputStream(file); DataOutputStream out = new DataOutputStream(raw)) {
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

    private static Entry[] read(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(raw)) {
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

    @Override
    public void nodeStopped() throws IOException {
        flush();
    }

    /** Binary search by unsigned bytes between {@code lo} and {@code hi}, both inclusive. */
    static int binarySearch(Entry[] table, byte[] key, int lo, int hi) {
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
