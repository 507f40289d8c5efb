package solutions.lsm;

import course.contract.storage.Entry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;

/**
 * Writes sorted entries as one table file ({@link SsTableFormat}) atomically: everything goes to
 * {@code NAME.tmp}, is forced to disk, and only then renamed to {@code NAME}, so a crash leaves either no table
 * or a complete one. The rename becomes durable with the manifest commit that follows every table write. Record offsets go to a side file while the data streams, because a compaction of a big
 * database has more offsets than the heap should hold.
 */
final class SsTableWriter {
    private SsTableWriter() {}

    /** Writes entries held in memory (a memtable's); returns the number written. */
    static long write(Path target, Iterator<Entry> sortedEntries, long expectedEntries) throws IOException {
        return writeRecords(
                target,
                new Iterator<WritableRecord>() {
                    @Override
                    public boolean hasNext() {
                        return sortedEntries.hasNext();
                    }

                    @Override
                    public WritableRecord next() {
                        return WritableRecord.of(sortedEntries.next());
                    }
                },
                expectedEntries);
    }

    /** Returns the number of records written. */
    static long writeRecords(Path target, Iterator<? extends WritableRecord> sortedRecords, long expectedEntries)
            throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Path offsetsTmp = target.resolveSibling(target.getFileName() + ".offsets.tmp");
        Files.deleteIfExists(tmp);
        Files.deleteIfExists(offsetsTmp);
        BloomFilter bloom = new BloomFilter(expectedEntries);
        long count = 0;
        try {
            try (ChecksummedOutput out = new ChecksummedOutput(tmp)) {
                try (ChecksummedOutput offsets = new ChecksummedOutput(offsetsTmp)) {
                    while (sortedRecords.hasNext()) {
                        WritableRecord r = sortedRecords.next();
                        offsets.writeLong(out.position());
                        out.writeInt(r.key().length);
                        out.writeInt(r.valueLength());
                        out.write(r.key());
                        if (r.valueLength() != SsTableFormat.TOMBSTONE_LENGTH) {
                            r.writeValue(out);
                        }
                        bloom.add(r.key());
                        count++;
                    }
                }
                long indexOffset = out.position();
                copyInto(offsetsTmp, out);
                long bloomOffset = SsTableFormat.alignUp(out.position(), SsTableFormat.BLOOM_ALIGNMENT);
                out.write(new byte[(int) (bloomOffset - out.position())]);
                for (long word : bloom.words()) {
                    out.writeLong(word);
                }
                out.writeLong(count);
                out.writeLong(indexOffset);
                out.writeLong(bloomOffset);
                out.writeLong(bloom.blocks());
                out.writeInt(BloomFilter.HASHES);
                out.writeInt(SsTableFormat.VERSION);
                out.writeLong(SsTableFormat.MAGIC);
                out.writeInt(out.crc());
                out.sync();
            }
            // No directory fsync here: the table only counts once the manifest lists it, and the manifest
            // commit fsyncs the directory, which makes this rename durable too.
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            return count;
        } finally {
            Files.deleteIfExists(offsetsTmp);
            Files.deleteIfExists(tmp);
        }
    }

    private static void copyInto(Path source, ChecksummedOutput out) throws IOException {
        byte[] chunk = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(source)) {
            int n;
            while ((n = in.read(chunk)) > 0) {
                out.write(chunk, 0, n);
            }
        }
    }
}
