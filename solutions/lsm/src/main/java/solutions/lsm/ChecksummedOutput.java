package solutions.lsm;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/** A buffered, append-only file writer that keeps a running CRC32C of every byte it writes. */
final class ChecksummedOutput implements Closeable {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    private final CRC32C crc = new CRC32C();
    private long position;

    ChecksummedOutput(Path path) throws IOException {
        this.channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    long position() {
        return position;
    }

    int crc() {
        return (int) crc.getValue();
    }

    void writeInt(int v) throws IOException {
        ensure(Integer.BYTES);
        buffer.putInt(v);
        crc.update(buffer.array(), buffer.position() - Integer.BYTES, Integer.BYTES);
        position += Integer.BYTES;
    }

    void writeLong(long v) throws IOException {
        ensure(Long.BYTES);
        buffer.putLong(v);
        crc.update(buffer.array(), buffer.position() - Long.BYTES, Long.BYTES);
        position += Long.BYTES;
    }

    void write(byte[] bytes) throws IOException {
        write(bytes, 0, bytes.length);
    }

    void write(byte[] bytes, int offset, int length) throws IOException {
        crc.update(bytes, offset, length);
        position += length;
        if (length > buffer.capacity()) {
            drain();
            writeFully(ByteBuffer.wrap(bytes, offset, length));
            return;
        }
        ensure(length);
        buffer.put(bytes, offset, length);
    }

    /** Writes the bytes that remain in {@code bytes} (a slice of a mapped file: they are not copied to the heap). */
    void write(ByteBuffer bytes) throws IOException {
        int length = bytes.remaining();
        crc.update(bytes.duplicate());
        position += length;
        if (length > buffer.remaining()) {
            drain();
        }
        if (length > buffer.capacity()) {
            writeFully(bytes);
            return;
        }
        buffer.put(bytes);
    }

    /** Writes out the buffer and forces the bytes to the storage device. */
    void sync() throws IOException {
        drain();
        channel.force(true);
    }

    @Override
    public void close() throws IOException {
        try {
            drain();
        } finally {
            channel.close();
        }
    }

    private void ensure(int bytes) throws IOException {
        if (buffer.remaining() < bytes) {
            drain();
        }
    }

    private void drain() throws IOException {
        buffer.flip();
        writeFully(buffer);
        buffer.clear();
    }

    private void writeFully(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            channel.write(src);
        }
    }
}
