package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every table and manifest goes through this writer, and a table's footer records its position and checksum: ints,
 * longs and byte runs that end at, straddle or fill its buffer must all reach the file in order, counted and summed.
 */
class ChecksummedOutputTest {
    private static final int BUFFER = 1 << 16;

    @TempDir
    Path dir;

    @Test
    void numbersAndBytesAroundTheBufferBorderReachTheFileCountedAndSummed() throws IOException {
        ByteBuffer expected = ByteBuffer.allocate(3 * BUFFER + 64);
        Path path = dir.resolve("out");
        ChecksummedOutput out = new ChecksummedOutput(path);
        // Leaves 2 bytes of room, so the int must first push the buffer out; then 6, so the long must too.
        byte[] fill = filled(BUFFER - 2, 1);
        out.write(fill);
        expected.put(fill);
        out.writeInt(0x01020304);
        expected.putInt(0x01020304);
        byte[] almost = filled(BUFFER - 10, 2);
        out.write(almost);
        expected.put(almost);
        out.writeLong(0x1122334455667788L);
        expected.putLong(0x1122334455667788L);
        byte[] exact = filled(BUFFER, 3);
        out.write(exact);
        expected.put(exact);
        out.writeLong(-1L);
        expected.putLong(-1L);

        byte[] want = Arrays.copyOf(expected.array(), expected.position());
        assertEquals(want.length, out.position(), "position counts every byte written");
        CRC32C crc = new CRC32C();
        crc.update(want);
        assertEquals((int) crc.getValue(), out.crc());
        out.sync();
        assertArrayEquals(want, Files.readAllBytes(path), "after sync, before close, the file holds every byte");
        out.close();
        assertArrayEquals(want, Files.readAllBytes(path));
    }

    private static byte[] filled(int length, int value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) value);
        return bytes;
    }
}
