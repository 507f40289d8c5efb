package solutions.lsm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * A read-only file mapped into memory as a row of chunks, so that files larger than the 2 GiB a single
 * {@link MappedByteBuffer} can address are readable with {@code long} positions. Values that straddle a chunk
 * border are assembled byte by byte; everything else goes through the buffer's fast absolute accessors.
 *
 * <p>Mappings are released by the garbage collector, not by {@code close}: Java 21 has no supported way to unmap
 * a buffer early, and keeping the mapping alive means an iterator that still reads a table removed by compaction
 * keeps seeing valid (unlinked) pages instead of crashing the JVM.
 */
final class MappedFile {
    /** 1 GiB: well under the 2 GiB limit of one buffer. */
    static final int DEFAULT_CHUNK_BYTES = 1 << 30;

    private final Path path;
    private final long size;
    private final int chunkBytes;
    private final MappedByteBuffer[] chunks;

    private MappedFile(Path path, long size, int chunkBytes, MappedByteBuffer[] chunks) {
        this.path = path;
        this.size = size;
        this.chunkBytes = chunkBytes;
        this.chunks = chunks;
    }

    static MappedFile map(Path path) throws IOException {
        return map(path, DEFAULT_CHUNK_BYTES);
    }

    /** Tests pass a tiny chunk size to exercise the chunk borders without gigabyte files. */
    static MappedFile map(Path path, int chunkBytes) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            int count = (int) ((size + chunkBytes - 1) / chunkBytes);
            MappedByteBuffer[] chunks = new MappedByteBuffer[count];
            for (int i = 0; i < count; i++) {
                long start = (long) i * chunkBytes;
                chunks[i] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(chunkBytes, size - start));
                chunks[i].order(ByteOrder.BIG_ENDIAN);
            }
            return new MappedFile(path, size, chunkBytes, chunks);
        }
    }

    Path path() {
        return path;
    }

    long size() {
        return size;
    }

    byte get(long pos) {
        return chunks[(int) (pos / chunkBytes)].get((int) (pos % chunkBytes));
    }

    int getInt(long pos) {
        int offset = (int) (pos % chunkBytes);
        return offset + Integer.BYTES <= chunkBytes
                ? chunks[(int) (pos / chunkBytes)].getInt(offset)
                : (int) acrossChunks(pos, Integer.BYTES);
    }

    long getLong(long pos) {
        int offset = (int) (pos % chunkBytes);
        return offset + Long.BYTES <= chunkBytes
                ? chunks[(int) (pos / chunkBytes)].getLong(offset)
                : acrossChunks(pos, Long.BYTES);
    }

    /** A big-endian number of {@code bytes} bytes that starts in one chunk and ends in the next, a byte at a time. */
    private long acrossChunks(long pos, int bytes) {
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v = (v << 8) | (get(pos + i) & 0xFF);
        }
        return v;
    }

    byte[] getBytes(long pos, int length) {
        byte[] dst = new byte[length];
        int done = 0;
        while (done < length) {
            long p = pos + done;
            int offset = (int) (p % chunkBytes);
            int n = Math.min(length - done, chunkBytes - offset);
            chunks[(int) (p / chunkBytes)].get(offset, dst, done, n);
            done += n;
        }
        return dst;
    }

    /**
     * The {@code length} bytes at {@code pos} as a big-endian buffer: a view of the mapping when they lie in one
     * chunk (no copy), else a copy.
     */
    ByteBuffer view(long pos, int length) {
        int offset = (int) (pos % chunkBytes);
        return offset + length <= chunkBytes
                ? chunks[(int) (pos / chunkBytes)].slice(offset, length)
                : ByteBuffer.wrap(getBytes(pos, length));
    }

    /** Whether every page of the file is in memory now (the kernel's {@code mincore}); a hint, true only a moment. */
    boolean isResident() {
        for (MappedByteBuffer chunk : chunks) {
            if (!chunk.isLoaded()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Compares the {@code length} bytes at {@code pos} with {@code key} as unsigned bytes ({@link UnsignedBytes}); a
     * key that straddles a chunk border is compared from a copy.
     */
    int compare(long pos, int length, byte[] key) {
        int offset = (int) (pos % chunkBytes);
        return offset + length <= chunkBytes
                ? UnsignedBytes.compare(chunks[(int) (pos / chunkBytes)], offset, length, key)
                : UnsignedBytes.compare(ByteBuffer.wrap(getBytes(pos, length)), 0, length, key);
    }

    /** CRC32C of the bytes {@code [0, end)}. */
    int crc32c(long end) {
        CRC32C crc = new CRC32C();
        long done = 0;
        for (MappedByteBuffer chunk : chunks) {
            if (done >= end) {
                break;
            }
            int n = (int) Math.min(chunk.capacity(), end - done);
            ByteBuffer view = chunk.slice(0, n);
            crc.update(view);
            done += n;
        }
        return (int) crc.getValue();
    }
}
