package solutions.lsm;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.contract.storage.Entry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Point reads find their record through the block index and one positional read ({@link SsTable#get}): records
 * of every size around the 4 KiB block, records larger than a block (values and tombstones with long keys), keys
 * before, between and after the stored ones, each for a table in memory (read through the mapping) and one that is
 * not (read by block); and interrupted readers, which close a file channel for everyone.
 */
class PointReadBlocksTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "tables in memory: {0}")
    @ValueSource(booleans = {true, false})
    void everyKeyIsFoundWhateverTheSizesOfTheRecordsAroundIt(boolean inMemory) throws IOException {
        Random random = new Random(11);
        int[] sizes = {0, 1, 100, 1000, 4000, 4087, 4088, 4089, 4096, 5000, 20_000};
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            byte[] key = key(i, i % 97 == 5 ? 5000 : 0); // now and then a key longer than a block
            if (i % 11 == 3) {
                entries.add(Entry.tombstone(key));
            } else {
                byte[] value = new byte[sizes[random.nextInt(sizes.length)]];
                random.nextBytes(value);
                entries.add(new Entry(key, value));
            }
        }
        SsTable table = write(entries, () -> inMemory);
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(entries.get(i), table.get(entries.get(i).key()), "key " + i);
            byte[] justAfter =
                    Arrays.copyOf(entries.get(i).key(), entries.get(i).key().length + 1);
            assertNull(table.get(justAfter), "absent key right after key " + i);
        }
        assertNull(table.get(new byte[0]), "a key before every stored one");
        assertNull(table.get(new byte[] {(byte) 0xFF}), "a key after every stored one");
    }

    @Test
    void aTableInMemoryIsSearchedThroughTheMappingAndOneThatIsNotByPositionalReads() throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            entries.add(new Entry(key(i, 0), new byte[1000]));
        }
        AtomicBoolean inMemory = new AtomicBoolean(true);
        SsTable table = write(entries, inMemory::get);
        for (Entry e : entries) {
            assertEquals(e, table.get(e.key()));
        }
        assertEquals(0, table.positionalReads(), "reads of a table in memory make no system call");

        inMemory.set(false); // learnt at the next check
        for (int i = 0; i < Residency.RECHECK_EVERY; i++) {
            table.get(entries.get(i % entries.size()).key());
        }
        long before = table.positionalReads();
        for (Entry e : entries) {
            assertEquals(e, table.get(e.key()));
        }
        assertEquals(
                before + entries.size(),
                table.positionalReads(),
                "each read of a table not in memory reads its block from the file");
    }

    /**
     * A point read of a table not in memory reads one page of the file, and two only for a record that runs over a
     * page boundary: blocks end where pages end. With blocks of up to 4 KiB from wherever the one before ended, most
     * reads of these 1 KiB records covered two pages.
     */
    @ParameterizedTest(name = "values of {0} bytes")
    @ValueSource(ints = {100, 1000, 1500, 3000})
    void aPointReadCoversOnePageUnlessItsRecordRunsOverAPageBoundary(int valueBytes) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            entries.add(new Entry(key(i, 0), new byte[valueBytes]));
        }
        SsTable table = write(entries, () -> false);
        int crossing = 0;
        for (int i = 0; i < entries.size(); i++) {
            long start = table.recordStart(i);
            long end = table.recordStart(i + 1L);
            boolean crosses = start / BlockIndex.BLOCK_BYTES != (end - 1) / BlockIndex.BLOCK_BYTES;
            crossing += crosses ? 1 : 0;
            long before = table.positionalPages();
            assertEquals(entries.get(i), table.get(entries.get(i).key()), "key " + i);
            assertEquals(
                    crosses ? 2 : 1,
                    table.positionalPages() - before,
                    "pages read for record " + i + " at bytes " + start + "-" + end);
        }
        assertTrue(crossing > 0 && crossing < entries.size(), crossing + " records run over a page boundary");
    }

    @Test
    void aTableJustWrittenIsFoundInMemory() throws IOException {
        SsTable table = write(List.of(new Entry(key(1, 0), new byte[100])));
        assertEquals(new Entry(key(1, 0), new byte[100]), table.get(key(1, 0)));
        assertEquals(0, table.positionalReads(), "the kernel says its pages are in the page cache");
    }

    @Test
    void interruptedReadersNeitherFailNorBreakTheTableForOthers() throws Exception {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            entries.add(new Entry(key(i, 0), new byte[300 + i % 7]));
        }
        SsTable table = write(entries, () -> false); // the interrupts matter to positional reads only
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                for (int n = 0; n < 200_000 && failure.get() == null; n++) {
                    int i = n * 7919 % entries.size();
                    assertEquals(entries.get(i), table.get(entries.get(i).key()), "key " + i);
                    Thread.interrupted(); // an interrupt must not fail a read; this reader ignores it
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        reader.start();
        while (reader.isAlive()) {
            reader.interrupt();
            Thread.onSpinWait();
        }
        if (failure.get() != null) {
            throw new AssertionError("a read of the interrupted thread failed", failure.get());
        }
        for (int i = 0; i < entries.size(); i++) {
            assertEquals(entries.get(i), table.get(entries.get(i).key()), "key " + i + ", after the interrupts");
        }
    }

    @Test
    void tablesOfEveryBlockCountAcrossTheIndexsGrowthAreRead() throws IOException {
        // A record larger than a block is a block of its own, so n records make n blocks: 1 to 36 crosses the sizes
        // at which the index grows its arrays (17 and 34 places, one of them for the end of the last block).
        byte[] value = new byte[BlockIndex.BLOCK_BYTES + 100];
        for (int n = 1; n <= 36; n++) {
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                entries.add(new Entry(key(i, 0), value));
            }
            Path path = dir.resolve("blocks-" + n + ".sst");
            SsTableWriter.write(path, entries.iterator(), n);
            SsTable table = SsTable.open(path);
            for (Entry e : entries) {
                assertEquals(e, table.get(e.key()), n + " blocks, " + new String(e.key(), UTF_8));
            }
        }
    }

    private SsTable write(List<Entry> sortedEntries) throws IOException {
        return write(sortedEntries, null);
    }

    /** {@code inMemory}: what the table is told about its pages being in memory; null: the kernel's answer. */
    private SsTable write(List<Entry> sortedEntries, BooleanSupplier inMemory) throws IOException {
        Path path = dir.resolve("t.sst");
        SsTableWriter.write(path, sortedEntries.iterator(), sortedEntries.size());
        return SsTable.open(path, inMemory);
    }

    /** Keys in order, optionally padded to {@code length} bytes. */
    private static byte[] key(int i, int length) {
        byte[] prefix = String.format("key-%06d", i).getBytes(UTF_8);
        return length <= prefix.length ? prefix : Arrays.copyOf(prefix, length);
    }
}
