package solutions.lsm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Reads byte ranges of one table file with positional reads ({@code pread}) for point lookups, where the mapping
 * would cost far more once the tables no longer fit in memory: a page fault on a mapping with the kernel's default
 * advice reads a window of up to the disk's read-ahead size around the missing page (8 MiB on the course VM), which
 * evicts other tables' pages to bring in data no lookup asked for. A positional read of a few KiB at a random offset
 * brings in those pages only. (Java 21 cannot give a mapping random-access advice: {@code madvise} needs the
 * foreign-function API, final only from Java 22.) While everything is in the page cache a positional read costs a
 * system call and a copy, about half a microsecond for a 4 KiB block, which is why {@link SsTable} then reads
 * through the mapping instead ({@link Residency}).
 *
 * <p>A {@link FileChannel} is closed, for every thread, when a thread reading from it is interrupted, and servers
 * interrupt their workers (on stop, on a cancelled call): one interrupted lookup must not break the table for all
 * the others. An interrupted thread therefore reads through the mapping, and a channel found closed is reopened
 * while the read that found it is served from the mapping. The mapping stays valid even after compaction deleted
 * the file; if the file cannot be reopened then, reads use the mapping from then on. The channel, like the mapping,
 * is released by the garbage collector when the table is no longer referenced.
 */
final class PositionalReader {
    private final MappedFile mapped;
    /** {@code null} once the file could not be reopened: reads go through the mapping. */
    private volatile FileChannel channel;
    // Counted without synchronization: tests read them after their reads are done.
    private long reads;
    private long pages;

    /** Opens a second handle on the mapped file, for positional reads. */
    PositionalReader(MappedFile mapped) throws IOException {
        this.mapped = mapped;
        this.channel = FileChannel.open(mapped.path(), StandardOpenOption.READ);
    }

    /** The {@code length} bytes at {@code position}. */
    byte[] read(long position, int length) throws IOException {
        reads++;
        if (length > 0) {
            pages += (position + length - 1) / BlockIndex.BLOCK_BYTES - position / BlockIndex.BLOCK_BYTES + 1;
        }
        FileChannel current = channel;
        if (current != null && !Thread.currentThread().isInterrupted()) {
            try {
                return readFully(current, position, length);
            } catch (ClosedChannelException closedByAnInterrupt) {
                reopen(current);
            }
        }
        return mapped.getBytes(position, length);
    }

    /** How many reads this reader served, by either path. */
    long reads() {
        return reads;
    }

    /** How many pages of the file those reads touched, each read counting every page it covers. */
    long pages() {
        return pages;
    }

    private byte[] readFully(FileChannel from, long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        ByteBuffer into = ByteBuffer.wrap(bytes);
        while (into.hasRemaining()) {
            if (from.read(into, position + into.position()) < 0) {
                throw new IOException("table file " + mapped.path().toAbsolutePath() + " ended at "
                        + (position + into.position()) + " bytes, before the " + length + " bytes at " + position
                        + " (was it truncated while open?); restore it from a backup");
            }
        }
        return bytes;
    }

    // whether another thread replaced this very channel already: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    private synchronized void reopen(FileChannel closed) {
        if (channel != closed) {
            return; // another thread reopened it already
        }
        try {
            channel = FileChannel.open(mapped.path(), StandardOpenOption.READ);
        } catch (IOException goneSinceCompaction) {
            channel = null;
        }
    }
}
