package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel is asked whether a table is in memory on the first point read and then once per 65,536 reads. */
class ResidencyTest {
    @TempDir
    Path dir;

    @Test
    void theKernelIsAskedOnTheFirstReadAndThenOncePerRecheckInterval() {
        AtomicInteger asked = new AtomicInteger();
        AtomicBoolean inMemory = new AtomicBoolean(true);
        Residency residency = new Residency(() -> {
            asked.incrementAndGet();
            return inMemory.get();
        });
        assertTrue(residency.resident(), "the first read asks");
        assertEquals(1, asked.get());
        inMemory.set(false);
        for (int i = 1; i < Residency.RECHECK_EVERY; i++) {
            assertTrue(residency.resident(), "read " + i + " keeps the last answer");
        }
        assertEquals(1, asked.get(), "no question between two checks");
        assertFalse(residency.resident(), "read " + Residency.RECHECK_EVERY + " asks again and learns the change");
        assertEquals(2, asked.get());
    }

    @Test
    void aFileJustWrittenIsInMemoryAndAHoleNeverReadIsNot() throws IOException {
        Path written = dir.resolve("written");
        Files.write(written, new byte[3 * 4096 + 17]);
        assertTrue(MappedFile.map(written).isResident(), "a file just written is in the page cache");

        Path sparse = dir.resolve("sparse");
        try (RandomAccessFile file = new RandomAccessFile(sparse.toFile(), "rw")) {
            file.setLength(64L << 20); // a 64 MiB hole: no page of it was ever read or written
        }
        assertFalse(MappedFile.map(sparse).isResident(), "a hole never read has no page in memory");
    }
}
