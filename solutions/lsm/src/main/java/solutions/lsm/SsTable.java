package solutions.lsm;

import course.contract.storage.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * One immutable sorted table file. Opening checks the footer (a truncated file is reported at once) and normally
 * the whole-file checksum; a table opened with {@link #openUnverified} checks its checksum on its first read instead
 * (a database's old tables on start-up, so that start-up time does not grow with the database). Either way a
 * damaged or truncated file is reported (with its path) before any of its data is served, and every later read
 * reports it again.
 *
 * <p>Two read paths, each where it is cheaper. Range scans read through a memory mapping ({@link MappedFile}): they
 * walk the file in order, so the kernel's read-ahead on page faults brings in what the next entries need, and
 * entries are copied straight out of the page cache. Point lookups probe the mapped bloom filter and find the one
 * 4 KiB block that may hold the key in a {@link BlockIndex} on the heap. While the whole file is in the page cache
 * ({@link Residency}) they search that block through the mapping, with neither a system call nor a copy; otherwise
 * they read the block with one positional read ({@link PositionalReader}), because on a mapping each page fault
 * reads a read-ahead window (up to 8 MiB) from the disk. The heap holds one key per block, built on the first point
 * read; nothing else per key. A merge reads the file in order with system calls ({@link RecordScan}), and so does the
 * checksum ({@link FileChecksum}): under memory pressure the mapping's windows were evicted before they were used.
 */
final class SsTable {
    private final MappedFile file;
    private final PositionalReader reader;
    private final Residency residency;
    private final long entryCount;
    private final long indexOffset;
    private final long bloomOffset;
    private final long bloomBlocks;
    private final int bloomHashes;
    private volatile boolean verified;
    private IOException damage; // guarded by this
    private volatile BlockIndex blocks; // built on the first point read

    private SsTable(
            MappedFile file,
            PositionalReader reader,
            BooleanSupplier inPageCache,
            long entryCount,
            long indexOffset,
            long bloomOffset,
            long bloomBlocks,
            int bloomHashes) {
        this.file = file;
        this.reader = reader;
        this.residency = new Residency(inPageCache);
        this.entryCount = entryCount;
        this.indexOffset = indexOffset;
        this.bloomOffset = bloomOffset;
        this.bloomBlocks = bloomBlocks;
        this.bloomHashes = bloomHashes;
    }

    static SsTable open(Path path) throws IOException {
        return open(path, MappedFile.DEFAULT_CHUNK_BYTES);
    }

    static SsTable open(Path path, int chunkBytes) throws IOException {
        return open(path, chunkBytes, null);
    }

    /** Tests choose what the table is told about its pages being in memory (null: ask the kernel). */
    static SsTable open(Path path, BooleanSupplier inPageCache) throws IOException {
        return open(path, MappedFile.DEFAULT_CHUNK_BYTES, inPageCache);
    }

    private static SsTable open(Path path, int chunkBytes, BooleanSupplier inPageCache) throws IOException {
        SsTable table = openUnverified(path, chunkBytes, inPageCache);
        table.verify();
        return table;
    }

    /** Opens with the footer checked and the checksum left for the first read (or {@link #verify}). */
    static SsTable openUnverified(Path path) throws IOException {
        return openUnverified(path, MappedFile.DEFAULT_CHUNK_BYTES, null);
    }

    private static SsTable openUnverified(Path path, int chunkBytes, BooleanSupplier inPageCache) throws IOException {
        MappedFile file = MappedFile.map(path, chunkBytes);
        long size = file.size();
        if (size < SsTableFormat.FOOTER_BYTES) {
            throw corrupt(
                    path,
                    "it is " + size + " bytes, shorter than the " + SsTableFormat.FOOTER_BYTES
                            + "-byte footer (truncated)");
        }
        long footer = size - SsTableFormat.FOOTER_BYTES;
        long magic = file.getLong(footer + 40);
        if (magic != SsTableFormat.MAGIC) {
            throw corrupt(path, "no table footer at its end (truncated, or not a table file)");
        }
        int version = file.getInt(footer + 36);
        if (version != SsTableFormat.VERSION) {
            throw corrupt(path, "format version " + version + ", this engine reads version " + SsTableFormat.VERSION);
        }
        long entryCount = file.getLong(footer);
        long indexOffset = file.getLong(footer + 8);
        long bloomOffset = file.getLong(footer + 16);
        long bloomBlocks = file.getLong(footer + 24);
        int bloomHashes = file.getInt(footer + 32);
        boolean consistent = entryCount >= 0
                && indexOffset >= 0
                && bloomBlocks > 0
                && bloomHashes > 0
                && bloomOffset
                        == SsTableFormat.alignUp(indexOffset + entryCount * Long.BYTES, SsTableFormat.BLOOM_ALIGNMENT)
                && bloomOffset + bloomBlocks * BloomFilter.BLOCK_BYTES == footer;
        if (!consistent) {
            throw corrupt(path, "its footer describes sections that do not fit the file");
        }
        return new SsTable(
                file,
                new PositionalReader(file),
                inPageCache == null ? file::isResident : inPageCache,
                entryCount,
                indexOffset,
                bloomOffset,
                bloomBlocks,
                bloomHashes);
    }

    /** Checks the whole-file checksum once; a mismatch is reported now and by every later read. */
    void verify() throws IOException {
        if (verified) {
            return;
        }
        synchronized (this) {
            if (damage == null && !verified) {
                long size = file.size();
                int storedCrc = file.getInt(size - SsTableFormat.FOOTER_BYTES + 48);
                int actualCrc = FileChecksum.crc32c(file, size - Integer.BYTES);
                if (storedCrc == actualCrc) {
                    verified = true;
                    return;
                }
                damage = corrupt(
                        file.path(),
                        String.format("checksum mismatch (stored %08x, computed %08x)", storedCrc, actualCrc));
            }
            if (damage != null) {
                throw new IOException(damage.getMessage(), damage);
            }
        }
    }

    boolean isVerified() {
        return verified;
    }

    private static IOException corrupt(Path path, String why) {
        return new IOException("corrupt table file " + path.toAbsolutePath() + ": " + why
                + "; restore the file from a backup (the database neither opens with nor reads from a damaged table,"
                + " so that no data is silently lost)");
    }

    Path path() {
        return file.path();
    }

    long entryCount() {
        return entryCount;
    }

    /**
     * Reads made by this table's {@link PositionalReader}: a block of a table not in memory ({@link Residency}), a
     * large value; an interrupted reader's read counts too, though the mapping serves it.
     */
    long positionalReads() {
        return reader.reads();
    }

    /** The pages of the file that those reads covered. */
    long positionalPages() {
        return reader.pages();
    }

    /** Where record {@code index} begins in the file, and (with {@code entryCount}) where the one before it ends. */
    long recordStart(long index) {
        return index == entryCount ? indexOffset : recordOffset(index);
    }

    long sizeBytes() {
        return file.size();
    }

    /**
     * The entry for {@code key} (possibly a tombstone), or {@code null} when this table does not hold it. Searches one
     * block of at most {@link BlockIndex#BLOCK_BYTES} bytes, or for a record larger than that reads its header and
     * value with positional reads.
     */
    Entry get(byte[] key) throws IOException {
        verify();
        if (entryCount == 0 || !BloomFilter.mightContain(file, bloomOffset, bloomBlocks, bloomHashes, key)) {
            return null;
        }
        BlockIndex index = blocks();
        int block = index.blockOf(key);
        if (block < 0) {
            return null;
        }
        long first = index.firstEntry(block);
        long end = index.endEntry(block);
        long blockStart = recordOffset(first);
        long blockEnd = end == entryCount ? indexOffset : recordOffset(end);
        if (blockEnd - blockStart > BlockIndex.BLOCK_BYTES) {
            // One large record: its key is the block's first key, on the heap; read only the length and the value.
            return index.compareFirstKey(block, key) == 0 ? readLargeValue(key, blockStart) : null;
        }
        int length = (int) (blockEnd - blockStart);
        ByteBuffer bytes =
                residency.resident() ? file.view(blockStart, length) : ByteBuffer.wrap(reader.read(blockStart, length));
        long lo = first;
        long hi = end;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            int record = (int) (recordOffset(mid) - blockStart);
            int keyStart = record + SsTableFormat.RECORD_HEADER_BYTES;
            int keyLength = bytes.getInt(record);
            int c = UnsignedBytes.compare(bytes, keyStart, keyLength, key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid;
            } else {
                int valueLength = bytes.getInt(record + Integer.BYTES);
                if (valueLength == SsTableFormat.TOMBSTONE_LENGTH) {
                    return Entry.tombstone(key);
                }
                byte[] value = new byte[valueLength];
                bytes.get(keyStart + keyLength, value);
                return new Entry(key, value);
            }
        }
        return null;
    }

    private Entry readLargeValue(byte[] key, long record) throws IOException {
        int valueLength = ByteBuffer.wrap(reader.read(record + Integer.BYTES, Integer.BYTES))
                .getInt();
        if (valueLength == SsTableFormat.TOMBSTONE_LENGTH) {
            return Entry.tombstone(key);
        }
        int permits = LargeReads.acquire(valueLength);
        try {
            return new Entry(key, reader.read(record + SsTableFormat.RECORD_HEADER_BYTES + key.length, valueLength));
        } finally {
            LargeReads.release(permits);
        }
    }

    private BlockIndex blocks() {
        BlockIndex built = blocks;
        if (built == null) {
            synchronized (this) {
                built = blocks;
                if (built == null) {
                    built = BlockIndex.build(file, indexOffset, entryCount);
                    blocks = built;
                }
            }
        }
        return built;
    }

    /** Entries with {@code from <= key < to} in key order; {@code null} bounds are open. Reads lazily. */
    Iterator<Entry> iterator(byte[] from, byte[] to) throws IOException {
        verify();
        long start = from == null ? 0 : lowerBound(from);
        ReadAheadIterator<Entry> entries = new ReadAheadIterator<>() {
            private long next = start;

            @Override
            protected Entry advance() {
                if (next >= entryCount) {
                    return null;
                }
                Entry e = readEntry(next++);
                return to != null && Entry.compareKeys(e.key(), to) >= 0 ? null : e;
            }
        };
        entries.start();
        return entries;
    }

    /**
     * Every record in key order, for a compaction: keys read, values left in the file ({@link StoredRecord}), the
     * file read in order with system calls ({@link RecordScan}), not through the mapping.
     */
    Iterator<StoredRecord> records() throws IOException {
        verify();
        return RecordScan.of(file.path(), entryCount, indexOffset);
    }

    /** The index of the first entry whose key is {@code >= key}, or {@code entryCount}. */
    private long lowerBound(byte[] key) {
        long lo = 0;
        long hi = entryCount;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            long record = recordOffset(mid);
            int keyLength = file.getInt(record);
            if (file.compare(record + SsTableFormat.RECORD_HEADER_BYTES, keyLength, key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private long recordOffset(long index) {
        return file.getLong(indexOffset + index * Long.BYTES);
    }

    private Entry readEntry(long index) {
        long record = recordOffset(index);
        int keyLength = file.getInt(record);
        byte[] key = file.getBytes(record + SsTableFormat.RECORD_HEADER_BYTES, keyLength);
        return readValue(key, record, keyLength);
    }

    private Entry readValue(byte[] key, long record, int keyLength) {
        int valueLength = file.getInt(record + Integer.BYTES);
        if (valueLength == SsTableFormat.TOMBSTONE_LENGTH) {
            return Entry.tombstone(key);
        }
        return new Entry(key, file.getBytes(record + SsTableFormat.RECORD_HEADER_BYTES + keyLength, valueLength));
    }
}
