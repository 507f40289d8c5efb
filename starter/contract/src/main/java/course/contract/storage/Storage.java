package course.contract.storage;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;

/**
 * A sorted key-value storage engine (an LSM tree in the reference). Keys are ordered as unsigned bytes
 * ({@link Entry#compareKeys}).
 *
 * <p><b>Threading.</b> Every method may be called from many threads at once (a node's worker threads share one
 * engine), except {@link #close()}, which its owner calls once no other call is running.
 *
 * <p><b>Ownership.</b> The engine owns the files under its directory and copies what it is given: a caller may reuse
 * the arrays of an {@link Entry} after {@link #upsert} returns, and may change an array it was returned without
 * changing what is stored. The engine is opened by whoever creates it and closed by that owner (a node closes its
 * engine in {@link course.contract.Service#stop()}).
 *
 * <p><b>Errors.</b> A read or write that cannot be done (a full disk, a corrupt file, a closed engine) throws
 * {@link IOException} saying which file and what was wrong; it never returns a wrong value instead.
 */
public interface Storage extends Closeable {
    /** The live value of {@code key}, or {@code null} when it is absent or deleted. */
    byte[] get(byte[] key) throws IOException;

    /**
     * Live entries with {@code from <= key < to}, in key order, tombstones skipped. A {@code null} bound is open.
     *
     * <p>The iterator reads lazily, so a range larger than the heap can be streamed. It is a plain
     * {@link Iterator}, not {@link Closeable}: nobody closes it, and a caller may abandon it part-way (a client that
     * disconnects in the middle of a range), so it must hold nothing that only a close would give back. It keeps
     * working while other threads write, flush or compact; each entry it returns was live at some moment during
     * the iteration. After {@link #close()} it need not work.
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
