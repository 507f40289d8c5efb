package course.contract.storage;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;

/**
 * A sorted key-value storage engine (an LSM tree in the reference). Thread-safe: any number of threads may call
 * every method at once. <a id="c-key-order"></a>Keys are ordered as unsigned bytes ({@link Entry#compareKeys}).
 *
 * <p><b>Ownership.</b> The engine owns the files under its directory and copies what it is given: a caller may reuse
 * the arrays of an {@link Entry} after {@link #upsert} returns, and may change an array it was returned without
 * changing what is stored. The engine is opened by whoever creates it and closed by that owner (a node closes its
 * engine in {@link course.contract.Service#stop()}, after its server stopped).
 *
 * <p><b>The provided engine.</b> The student repository ships the course's LSM engine as the module
 * {@code provided-storage} (a dependency of {@code starter/student}), so stage 1 can start on a working storage:
 * <pre>{@code
 * Storage storage = course.storage.lsm.LsmStorage.open(
 *         new StorageConfig(config.workingDir(), 4L << 20)); // the node's own folder; flush at 4 MiB
 * storage.upsert(new Entry(key, value));                      // Entry.tombstone(key) deletes
 * byte[] value = storage.get(key);                            // null: absent or deleted
 * storage.close();                                            // in Service.stop(), after the server stopped
 * }</pre>
 * It keeps everything in {@link StorageConfig#directory()} (write-ahead logs {@code wal-*.log}, sorted tables
 * {@code table-*.sst}, a {@code MANIFEST} and a {@code LOCK}) and nothing elsewhere; an {@code upsert} that returned
 * survives {@code kill -9} of the JVM. It flushes a full memtable and merges tables in background threads of its
 * own, so {@link #flush()} and {@link #compact()} are never needed for correctness. An {@code upsert} that fails
 * for want of disk space throws and leaves nothing of itself; once the disk has room again, writes (and
 * {@code close}) succeed on the same open storage. {@code open} on a directory
 * that another open storage holds fails with an {@link IOException} saying so; a damaged file stops {@code open}
 * with an {@link IOException} naming it. Writing an engine of one's own is what the grade's storage points reward
 * (stages/1-sync-server/README.md).
 *
 * <p><b>What the grade checks.</b> A student's engine is graded only through its node, by what the stage
 * statements ask of the node (key order, a database larger than the heap, merges, {@code kill -9}); the rest of
 * this javadoc is what the provided engine does, a guide for an engine of one's own.
 *
 * <p><b>Errors.</b> Every method but {@link #close()} throws {@link IllegalStateException} after {@code close()};
 * {@link IOException} means the disk failed or a file is damaged, and names the file.
 */
public interface Storage extends Closeable {
    /** <a id="c-get-live-value"></a>The live value of {@code key}, or {@code null} when it is absent or deleted. */
    byte[] get(byte[] key) throws IOException;

    /**
     * <a id="c-range"></a>Live entries with {@code from <= key < to}, in key order, tombstones skipped. A {@code null}
     * bound is open. The iterator reads lazily, so a range larger than the heap can be streamed; it sees the data as of
     * this call (later writes may or may not appear), holds no lock, needs no closing, and may be read by one thread at
     * a time. A caller may abandon it part-way (a client that disconnects in the middle of a range): it holds nothing
     * that only a close would give back.
     */
    Iterator<Entry> range(byte[] from, byte[] to) throws IOException;

    /** Inserts or replaces; an entry with a {@code null} value is a tombstone that deletes the key. */
    void upsert(Entry entry) throws IOException;

    /** Writes the in-memory data to a table file now (the write-ahead log already made it durable). */
    void flush() throws IOException;

    /** Merges on-disk files into one, dropping overwritten values and tombstones. */
    void compact() throws IOException;

    /** Flushes and releases all resources (files, background threads, the directory's lock); idempotent. */
    @Override
    void close() throws IOException;
}
