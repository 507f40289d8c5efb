package solutions.lsm;

import course.contract.storage.Entry;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The log that makes an acknowledged upsert survive a crash of the process. One log per memtable
 * ({@code wal-GENERATION.log}); it is deleted once that memtable is safely in a table file.
 *
 * <p><b>Durability policy.</b> {@link #append} hands every record to the operating system with a
 * {@code write(2)} before the upsert returns, but does not {@code fsync}. So an acknowledged upsert survives
 * {@code kill -9} of the JVM (the bytes are in the OS page cache, which the kernel writes out on its own), but
 * not a power loss or kernel crash, which can lose the last few seconds of upserts (never more than the
 * unflushed memtables). A table file, the manifest and every rename are fsynced, so flushed data survives
 * power loss too. {@link #sync()} is there for callers that need a point of full durability.
 *
 * <p>Record: {@code int bodyLength, int crc32c(body), int crc32c(first 8 bytes), body}, where body is
 * {@code int keyLength, int valueLength (-1 = tombstone), key, value}. The header checksum lets recovery tell a
 * damaged length field from a record that was cut short by a crash.
 *
 * <p><b>A failed append leaves no trace.</b> A full disk makes {@code write(2)} store part of a record and then
 * fail, and the process goes on: the next records would follow the torn one, and recovery, which takes a torn
 * record for the end of the log, would drop them although they were acknowledged. So {@link #append} cuts the file
 * back to the end of the last whole record before it throws; if even that fails, the log refuses appends until a
 * later one manages the cut first. The log therefore only ever holds whole records, in the order they were
 * acknowledged, plus at most a torn tail that no acknowledged record follows.
 */
final class WriteAheadLog implements Closeable {
    static final int HEADER_BYTES = 12;

    private final Path path;
    private final FileChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocate(4096);
    /** Bytes of whole records: where the next record starts. */
    private long end;
    /** Whether bytes of a failed append may lie past {@link #end} (its cut-back failed too). */
    private boolean torn;

    WriteAheadLog(Path path) throws IOException {
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    Path path() {
        return path;
    }

    /**
     * Writes the record to the OS before returning; callers serialize appends. When it throws, the record is not in
     * the log (not even in part): the write may be retried, and a later record will directly follow the last whole
     * one.
     */
    void append(Entry entry) throws IOException {
        if (torn) {
            cutBack();
        }
        byte[] key = entry.key();
        byte[] value = entry.value();
        int bodyLength = 8 + key.length + (value == null ? 0 : value.length);
        // The header and key go through the buffer, the value straight from its array: a buffer that grew to the
        // largest value stayed that large, and after one 16 MiB PUT every node kept 16 MiB of heap for its log.
        int headLength = HEADER_BYTES + 8 + key.length;
        long recordLength = HEADER_BYTES + (long) bodyLength;
        if (buffer.capacity() < headLength) {
            buffer = ByteBuffer.allocate(Math.max(headLength, buffer.capacity() * 2));
        }
        buffer.clear();
        buffer.position(HEADER_BYTES);
        buffer.putInt(key.length);
        buffer.putInt(value == null ? SsTableFormat.TOMBSTONE_LENGTH : value.length);
        buffer.put(key);
        CRC32C body = new CRC32C();
        body.update(buffer.array(), HEADER_BYTES, 8 + key.length);
        if (value != null) {
            body.update(value);
        }
        buffer.putInt(0, bodyLength);
        buffer.putInt(4, (int) body.getValue());
        buffer.putInt(8, checksum(buffer.array(), 0, 8));
        buffer.flip();
        ByteBuffer[] record =
                value == null ? new ByteBuffer[] {buffer} : new ByteBuffer[] {buffer, ByteBuffer.wrap(value)};
        try {
            for (long left = recordLength; left > 0; ) {
                left -= channel.write(record);
            }
        } catch (IOException e) {
            torn = true;
            try {
                cutBack();
            } catch (IOException cut) {
                e.addSuppressed(cut); // the next append tries the cut again before it writes
            }
            throw e;
        }
        end += recordLength;
    }

    /** Removes what a failed append left after the last whole record; shrinking a file needs no free space. */
    private void cutBack() throws IOException {
        channel.truncate(end);
        channel.position(end);
        torn = false;
    }

    void sync() throws IOException {
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    static int checksum(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }
}
