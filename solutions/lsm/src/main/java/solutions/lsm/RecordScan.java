package solutions.lsm;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A table's records for a merge, read in file order with system calls into a buffer of its own, not through the
 * table's mapping. Under memory pressure the mapping read each byte many times: every page fault on it reads the
 * disk's whole read-ahead window around the missing page (8 MiB on the course VM), and the pages of that window that
 * the merge had not reached yet were evicted before it did, to be read again at the next fault. A fill of 600,000
 * values of 1 KiB under a 256 MiB limit read 84 GiB from the disk that way (136 s; 12,376 major faults, about 7 MiB
 * each). Read here, each byte comes from the disk once, with the kernel's read-ahead for a file read in order.
 *
 * <p>Values stay on the disk until the merged table is written ({@link StoredRecord}): {@link #copyValue} copies one
 * from this buffer when it is still there, else with a positional read. The merge closes the scan once the merged
 * table is written: the last record's value is copied after the scan has read past it.
 */
final class RecordScan extends ReadAheadIterator<StoredRecord> implements Closeable {
    /** On the heap: a merge of 32 tables holds 8 MiB of them, which a node with a small heap can spare. */
    static final int BUFFER_BYTES = 256 << 10;

    private final Path path;
    private final FileChannel channel;
    private final long entryCount;
    /** Where the records end and the index begins. */
    private final long dataEnd;
    /** File bytes {@code [bufferStart, bufferStart + buffer.limit())}. */
    private final ByteBuffer buffer;

    private long bufferStart;
    private long position;
    private long records;

    private RecordScan(Path path, FileChannel channel, long entryCount, long dataEnd, int bufferBytes) {
        this.path = path;
        this.channel = channel;
        this.entryCount = entryCount;
        this.dataEnd = dataEnd;
        this.buffer = ByteBuffer.allocate(bufferBytes).limit(0);
    }

    /** The {@code entryCount} records of the table at {@code path}, whose records end at {@code dataEnd}. */
    static RecordScan of(Path path, long entryCount, long dataEnd) throws IOException {
        return of(path, entryCount, dataEnd, BUFFER_BYTES);
    }

    /** Tests pass a small buffer, so that records straddle its refills. */
    static RecordScan of(Path path, long entryCount, long dataEnd, int bufferBytes) throws IOException {
        RecordScan scan =
                new RecordScan(path, FileChannel.open(path, StandardOpenOption.READ), entryCount, dataEnd, bufferBytes);
        try {
            scan.start();
        } catch (UncheckedIOException e) {
            scan.channel.close();
            throw e.getCause();
        }
        return scan;
    }

    @Override
    protected StoredRecord advance() {
        try {
            if (records == entryCount) {
                if (position != dataEnd) {
                    throw damaged("its " + entryCount + " records end at byte " + position + ", its index begins at "
                            + dataEnd);
                }
                return null;
            }
            ensure(position, SsTableFormat.RECORD_HEADER_BYTES);
            int at = (int) (position - bufferStart);
            int keyLength = buffer.getInt(at);
            int valueLength = buffer.getInt(at + Integer.BYTES);
            long keyStart = position + SsTableFormat.RECORD_HEADER_BYTES;
            long end = keyStart + keyLength + Math.max(0, valueLength);
            if (keyLength < 0 || valueLength < SsTableFormat.TOMBSTONE_LENGTH || end > dataEnd) {
                throw damaged("record " + records + " at byte " + position + " has a key of " + keyLength
                        + " and a value of " + valueLength + " bytes, past the records' end at " + dataEnd);
            }
            byte[] key = new byte[keyLength];
            if (keyLength <= buffer.capacity()) {
                ensure(keyStart, keyLength);
                buffer.get((int) (keyStart - bufferStart), key);
            } else {
                readAt(keyStart, ByteBuffer.wrap(key));
            }
            records++;
            position = end;
            return new StoredRecord(key, valueLength, this, keyStart + keyLength);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** Writes the {@code length} bytes at {@code offset} (a value of a record this scan gave) to {@code out}. */
    void copyValue(long offset, int length, ChecksummedOutput out) throws IOException {
        if (offset >= bufferStart && offset + length <= bufferStart + buffer.limit()) {
            int at = (int) (offset - bufferStart);
            out.write(buffer.slice(at, length));
            return;
        }
        ByteBuffer chunk = ByteBuffer.allocate(Math.min(length, 1 << 16));
        for (long done = 0; done < length; ) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), length - done));
            readAt(offset + done, chunk);
            done += chunk.flip().remaining();
            out.write(chunk);
        }
    }

    /** Makes the buffer hold the bytes {@code [at, at + n)}, {@code n} at most its capacity, refilling it from {@code at}. */
    private void ensure(long at, int n) throws IOException {
        if (at >= bufferStart && at + n <= bufferStart + buffer.limit()) {
            return;
        }
        bufferStart = at;
        buffer.clear().limit((int) Math.min(buffer.capacity(), dataEnd - at));
        readAt(at, buffer);
        buffer.flip();
        if (buffer.limit() < n) {
            throw damaged("the record at byte " + position + " runs past the records' end at " + dataEnd);
        }
    }

    private void readAt(long at, ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            if (channel.read(into, at + into.position()) < 0) {
                throw damaged("it ends before byte " + (at + into.position()) + " (truncated while merged?)");
            }
        }
    }

    private IOException damaged(String what) {
        return new IOException("table file " + path.toAbsolutePath() + " is damaged: " + what
                + "; the merge is abandoned and its tables stay as they were");
    }
}
