package solutions.lsm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The CRC32C of a table file's first bytes, read in order with system calls into a buffer, not through the mapping,
 * for the reason {@link RecordScan} gives: a large table checked through its mapping under memory pressure was read
 * from the disk several times over. Through the mapping only when the file cannot be read that way any more (a merge
 * deleted it since it was opened; a thread that is interrupted would close the channel).
 */
final class FileChecksum {
    private static final int BUFFER_BYTES = 256 << 10;

    private FileChecksum() {}

    /** CRC32C of the bytes {@code [0, end)} of {@code file}; a file shorter than that gives the CRC of what it has. */
    static int crc32c(MappedFile file, long end) {
        if (Thread.currentThread().isInterrupted()) {
            return file.crc32c(end);
        }
        try (FileChannel channel = FileChannel.open(file.path(), StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
            CRC32C crc = new CRC32C();
            long done = 0;
            while (done < end) {
                buffer.clear().limit((int) Math.min(BUFFER_BYTES, end - done));
                int n = channel.read(buffer, done);
                if (n < 0) {
                    break; // truncated since it was opened: the sum differs and the table is reported damaged
                }
                crc.update(buffer.flip());
                done += n;
            }
            return (int) crc.getValue();
        } catch (IOException goneOrInterrupted) {
            return file.crc32c(end);
        }
    }
}
