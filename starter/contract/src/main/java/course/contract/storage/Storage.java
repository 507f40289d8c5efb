package course.contract.storage;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;

/**
 * A sorted key-value storage engine (an LSM tree in the reference). Thread-safe.
 * Keys are ordered as unsigned bytes ({@link Entry#compareKeys}).
 */
public interface Storage extends Closeable {
    /** The live value of {@code key}, or {@code null} when it is absent or deleted. */
    byte[] get(byte[] key) throws IOException;

    /**
     * Live entries with {@code from <= key < to}, in key order, tombstones skipped. A {@code null} bound is open.
     * The iterator reads lazily, so a range larger than the heap can be streamed.
     */
    Iterator<Entry> range(byte[] from, byte[] to) throws IOException;

    /** Inserts or replaces; an entry with a {@code null} value is a tombstone that deletes the key. */
    void upsert(Entry entry) throws IOException;

    /** Writes the in-memory data to disk now. */
    void flush() throws IOException;

    /** Merges on-disk files into one, dropping overwritten values and tombstones. */
    void compact() throws IOException;

    /** Flushes and releases all resources; idempotent. */
    @Override
    void close() throws IOException;
}
