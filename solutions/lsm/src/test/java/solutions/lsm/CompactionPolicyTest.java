package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static solutions.lsm.Bytes.b;

import course.contract.storage.Entry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which run of tables the background merge picks, on real table files of chosen sizes: the choice decides how
 * often each byte is rewritten and how many files a read probes, which the engine's answers never show.
 */
class CompactionPolicyTest {
    /** A one-entry table's size is a multiple of 64 bytes plus this (the filter is 64-byte aligned, then the footer). */
    private static final int SMALL_VALUE = 1;

    @TempDir
    Path dir;

    private int tables;

    private SsTable table(int valueLength) throws IOException {
        Path path = DataFiles.table(dir, ++tables);
        SsTableWriter.write(
                path, List.of(new Entry(b("k"), new byte[valueLength])).iterator(), 1);
        return SsTable.open(path);
    }

    private List<SsTable> tables(int count, int valueLength) throws IOException {
        List<SsTable> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(table(valueLength));
        }
        return out;
    }

    @Test
    void upToMaxTablesNothingIsMerged() throws IOException {
        List<SsTable> newestFirst = tables(CompactionPolicy.MAX_TABLES, SMALL_VALUE);
        assertEquals(List.of(), CompactionPolicy.DEFAULT.runToMerge(newestFirst));
        newestFirst.add(table(SMALL_VALUE));
        assertEquals(
                CompactionPolicy.MAX_TABLES + 1,
                CompactionPolicy.DEFAULT.runToMerge(newestFirst).size());
    }

    @Test
    void theRunIsAtLeastMinRunAndStopsAtATableLargerThanAllNewerOnes() throws IOException {
        List<SsTable> newestFirst = tables(CompactionPolicy.MIN_RUN, SMALL_VALUE);
        newestFirst.addAll(tables(CompactionPolicy.MAX_TABLES, 100_000));
        assertEquals(
                newestFirst.subList(0, CompactionPolicy.MIN_RUN), CompactionPolicy.DEFAULT.runToMerge(newestFirst));
    }

    @Test
    void aTableExactlyAsLargeAsAllNewerOnesTogetherJoinsTheRun() throws IOException {
        // 17 equal tables, then one of exactly their total size: sizes are 52 more than a multiple of 64, so 17 is
        // the smallest count whose total another table can match to the byte.
        int equal = 17;
        List<SsTable> newestFirst = tables(equal, SMALL_VALUE);
        long total = newestFirst.stream().mapToLong(SsTable::sizeBytes).sum();
        SsTable asLargeAsAll = table((int) (total - newestFirst.get(0).sizeBytes()) + SMALL_VALUE);
        assertEquals(
                total, asLargeAsAll.sizeBytes(), "test setup: the oldest table must weigh exactly the others' sum");
        newestFirst.add(asLargeAsAll);
        SsTable larger = table(100_000);
        newestFirst.add(larger);
        List<SsTable> expected = new ArrayList<>(newestFirst);
        expected.remove(larger);
        assertEquals(expected, CompactionPolicy.DEFAULT.runToMerge(newestFirst));
    }
}
