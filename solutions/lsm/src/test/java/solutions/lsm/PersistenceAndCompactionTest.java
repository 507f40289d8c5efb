package solutions.lsm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.lsm.Bytes.b;
import static solutions.lsm.Bytes.s;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersistenceAndCompactionTest {
    @TempDir
    Path dir;

    private StorageConfig config(long threshold) {
        return new StorageConfig(dir, threshold);
    }

    @Test
    void dataSurvivesCloseAndOpenAndCloseIsIdempotent() throws IOException {
        LsmStorage storage = LsmStorage.open(config(1 << 20));
        storage.upsert(new Entry(b("a"), b("1")));
        storage.upsert(new Entry(b("b"), b("2")));
        storage.upsert(Entry.tombstone(b("a")));
        storage.close();
        storage.close();
        assertThrows(IllegalStateException.class, () -> storage.upsert(new Entry(b("c"), b("3"))));
        assertThrows(IllegalStateException.class, storage::flush, "a closed storage writes no table");
        assertThrows(IllegalStateException.class, storage::compact, "a closed storage merges no tables");
        try (LsmStorage reopened = LsmStorage.open(config(1 << 20))) {
            assertNull(reopened.get(b("a")));
            assertEquals("2", s(reopened.get(b("b"))));
            assertEquals(1, reopened.tableCount());
        }
        assertEquals(List.of(), files("wal-"), "a clean close leaves no log behind");
    }

    @Test
    void fullMemtablesAreFlushedInTheBackgroundAndStayReadable() throws IOException {
        try (LsmStorage storage = LsmStorage.open(config(4096))) {
            for (int i = 0; i < 2000; i++) {
                storage.upsert(new Entry(b(String.format("k%05d", i)), b("v" + i)));
            }
            storage.flush();
            long flushes = files("table-").stream()
                    .mapToLong(p -> DataFiles.tableGeneration(p.getFileName().toString())
                            .orElse(0))
                    .max()
                    .orElse(0);
            assertTrue(flushes > 10, "expected many flushes, the newest table is of generation " + flushes);
            for (int i = 0; i < 2000; i += 7) {
                assertEquals("v" + i, s(storage.get(b(String.format("k%05d", i)))));
            }
            assertEquals(2000, Bytes.list(storage.range(null, null)).size());
        }
    }

    @Test
    void compactionMergesIntoOneFileDroppingOverwrittenValuesAndTombstones(@TempDir Path onlyLive) throws IOException {
        // What the compacted table may weigh: the same 150 live entries written once, in a database of their own.
        // (Measuring the tables before compact() would race with the background merges, which drop some already.)
        long liveOnly;
        try (LsmStorage live = LsmStorage.open(new StorageConfig(onlyLive, 1 << 20))) {
            for (int i = 1; i < 300; i += 2) {
                live.upsert(new Entry(b(String.format("k%04d", i)), b("r2-" + i)));
            }
            live.flush();
            live.compact();
            liveOnly = tableBytes(onlyLive);
        }
        try (LsmStorage storage = LsmStorage.open(config(2048))) {
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 300; i++) {
                    storage.upsert(new Entry(b(String.format("k%04d", i)), b("r" + round + "-" + i)));
                }
                storage.flush();
            }
            for (int i = 0; i < 300; i += 2) {
                storage.upsert(Entry.tombstone(b(String.format("k%04d", i))));
            }
            storage.flush();
            storage.compact();
            assertEquals(1, storage.tableCount());
            assertEquals(1, files("table-").size(), "old files are deleted after the compaction commits");
            long compacted = tableBytes(dir);
            // Measured: 4980 against 4276 bytes (the merged table's index and filter are sized for its inputs). Kept
            // tombstones would add ~150 records more, kept old values about twice the live ones.
            assertTrue(
                    compacted <= liveOnly + liveOnly / 4,
                    "overwritten values and tombstones dropped: the table " + "weighs " + compacted
                            + " bytes, the live entries alone " + liveOnly);
            List<Entry> all = Bytes.list(storage.range(null, null));
            assertEquals(150, all.size());
            assertEquals("r2-1", s(all.get(0).value()));
            assertNull(storage.get(b("k0000")));
        }
        try (LsmStorage reopened = LsmStorage.open(config(2048))) {
            assertEquals(150, Bytes.list(reopened.range(null, null)).size());
            assertEquals("r2-299", s(reopened.get(b("k0299"))));
        }
    }

    @Test
    void aLongFillKeepsTheTableCountBounded() throws IOException {
        int keys = 4000;
        int mostTables = 0;
        try (LsmStorage storage = LsmStorage.open(config(2048))) {
            for (int i = 0; i < keys; i++) {
                storage.upsert(new Entry(b(String.format("k%05d", i % 1500)), b("v" + i)));
                if (i % 7 == 0) {
                    storage.upsert(Entry.tombstone(b(String.format("k%05d", (i * 31) % 1500))));
                }
                mostTables = Math.max(mostTables, storage.tableCount());
            }
        }
        // About 200 flushes; without merges during the fill there would be a table for each.
        assertTrue(mostTables <= CompactionPolicy.STALL_TABLES + 1, "the fill reached " + mostTables + " tables");
        Map<String, String> model = new TreeMap<>();
        for (int i = 0; i < keys; i++) {
            model.put(String.format("k%05d", i % 1500), "v" + i);
            if (i % 7 == 0) {
                model.remove(String.format("k%05d", (i * 31) % 1500));
            }
        }
        try (LsmStorage reopened = LsmStorage.open(config(2048))) {
            Map<String, String> stored = new TreeMap<>();
            for (Entry e : Bytes.list(reopened.range(null, null))) {
                stored.put(s(e.key()), s(e.value()));
            }
            assertEquals(model, stored, "merges during the fill must keep the newest value and every deletion");
            assertTrue(reopened.tableCount() <= CompactionPolicy.STALL_TABLES + 1, reopened.tableCount() + " tables");
        }
    }

    @Test
    void compactingOnlyTombstonesLeavesNoFile() throws IOException {
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            storage.upsert(new Entry(b("x"), b("1")));
            storage.flush();
            storage.upsert(Entry.tombstone(b("x")));
            storage.flush();
            storage.compact();
            assertEquals(0, storage.tableCount());
            assertNull(storage.get(b("x")));
        }
        assertEquals(List.of(), files("table-"));
    }

    @Test
    void leftoversOfAnInterruptedCompactionAreIgnoredAndDeleted() throws IOException {
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            storage.upsert(new Entry(b("k"), b("kept")));
        }
        // A finished but uncommitted compaction output and a half-written temp file, as a crash leaves them.
        Path stray = DataFiles.table(dir, 999);
        SsTableWriter.write(stray, List.of(new Entry(b("k"), b("stale"))).iterator(), 1);
        Files.write(dir.resolve("table-000000001000.sst.tmp"), new byte[100]);
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            assertEquals("kept", s(storage.get(b("k"))));
        }
        assertTrue(Files.notExists(stray));
        assertEquals(List.of(), files(".tmp"));
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefused() throws IOException {
        try (LsmStorage first = LsmStorage.open(config(1 << 20))) {
            assertEquals(dir, first.directory(), "the directory it owns, as tools and messages name it");
            IOException e = assertThrows(IOException.class, () -> LsmStorage.open(config(1 << 20)));
            assertTrue(e.getMessage().contains("already open"), e.getMessage());
        }
    }

    @Test
    void pastMaxTablesABackgroundMergeBringsTheCountDownWithoutCompactBeingCalled() throws Exception {
        // Servers never call compact(): the merges the policy asks for must start on their own after a flush.
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            for (int t = 0; t <= CompactionPolicy.MAX_TABLES; t++) {
                storage.upsert(new Entry(b("t" + t), b("v" + t)));
                storage.flush();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (storage.tableCount() > CompactionPolicy.MAX_TABLES && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(
                    storage.tableCount() <= CompactionPolicy.MAX_TABLES, storage.tableCount() + " tables after 10 s");
            for (int t = 0; t <= CompactionPolicy.MAX_TABLES; t++) {
                assertEquals("v" + t, s(storage.get(b("t" + t))));
            }
        }
    }

    @Test
    void tablesLeftByRestartsAreMergedOnceTheStorageIsOpenedAgain() throws Exception {
        // Each close flushes its memtable into a table of its own and starts no merge: a node restarted after each
        // of a few writes collects more tables than the policy keeps, which the next open must merge by itself.
        int restarts = CompactionPolicy.MAX_TABLES + 4;
        for (int t = 0; t < restarts; t++) {
            try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
                storage.upsert(new Entry(b("t" + t), b("v" + t)));
            }
        }
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (storage.tableCount() > CompactionPolicy.MAX_TABLES && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(
                    storage.tableCount() <= CompactionPolicy.MAX_TABLES,
                    storage.tableCount() + " tables 10 s after an open that found them, with no write since");
            for (int t = 0; t < restarts; t++) {
                assertEquals("v" + t, s(storage.get(b("t" + t))));
            }
        }
    }

    @Test
    void anOpenThatFailsLeavesTheDirectoryFreeForTheNextOpen() throws IOException {
        // A damaged manifest stops the open; once the operator restores it, the same process must be able to open
        // the directory: the failed open must not keep its lock.
        try (LsmStorage storage = LsmStorage.open(config(1 << 20))) {
            storage.upsert(new Entry(b("k"), b("v")));
        }
        Path manifest = dir.resolve(Manifest.FILE_NAME);
        byte[] good = Files.readAllBytes(manifest);
        Files.writeString(manifest, "not a manifest\n");
        assertThrows(IOException.class, () -> LsmStorage.open(config(1 << 20)));
        Files.write(manifest, good);
        try (LsmStorage reopened = LsmStorage.open(config(1 << 20))) {
            assertEquals("v", s(reopened.get(b("k"))));
        }
    }

    @Test
    void afterCloseAWriteFromAnotherThreadIsRefusedNotBlocked() throws Exception {
        // close() must give back the write lock it takes: a server's worker that writes during shutdown must get an
        // error at once, not wait forever.
        LsmStorage storage = LsmStorage.open(config(1 << 20));
        storage.close();
        FutureTask<Void> write = new FutureTask<>(() -> {
            storage.upsert(new Entry(b("k"), b("v")));
            return null;
        });
        Thread writer = new Thread(write, "writer after close");
        writer.setDaemon(true); // a mutant that blocks it must not keep the test JVM alive
        writer.start();
        ExecutionException e = assertThrows(ExecutionException.class, () -> write.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IllegalStateException, String.valueOf(e.getCause()));
    }

    private List<Path> files(String nameContains) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().contains(nameContains))
                    .toList();
        }
    }

    /** The committed tables' bytes; a file a background merge renames or deletes meanwhile is not counted. */
    private static long tableBytes(Path directory) throws IOException {
        long total = 0;
        try (Stream<Path> list = Files.list(directory)) {
            for (Path p : list.filter(f -> f.getFileName().toString().matches("table-.*\\.sst"))
                    .toList()) {
                try {
                    total += Files.size(p);
                } catch (NoSuchFileException gone) {
                    // merged away between the listing and now
                }
            }
        }
        return total;
    }
}
