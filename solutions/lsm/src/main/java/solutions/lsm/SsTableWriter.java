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

    /** Returns the number of entries written. */
    static long write(Path target, Iterator<Entry> sortedEntries, long expectedEntries) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Path offsetsTmp = target.resolveSibling(target.getFileName() + ".offsets.tmp");
        Files.deleteIfExists(tmp);
        Files.deleteIfExists(offsetsTmp);
        BloomFilter bloom = new BloomFilter(expectedEntries);
        long count = 0;
        try {
            try (ChecksummedOutput out = new ChecksummedOutput(tmp)) {
                try (ChecksummedOutput offsets = new ChecksummedOutput(offsetsTmp)) {
                    while (sortedEntries.hasNext()) {
                        Entry e = sortedEntries.next();
                        offsets.writeLong(out.position());
                        out.writeInt(e.key().length);
                        out.writeInt(e.isTombstone() ? SsTableFormat.TOMBSTONE_LENGTH : e.value().length);
                        out.write(e.key());
                        if (!e.isTombstone()) {
                            out.write(e.value());
                        }
                        bloom.add(e.key());
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
