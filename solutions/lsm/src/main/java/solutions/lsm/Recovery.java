package solutions.lsm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Brings a storage directory to a clean state on open: opens every table the manifest lists (verifying the
 * checksums of the {@value #VERIFIED_AT_OPEN} newest, the files a crash was nearest to; older tables are verified
 * before their first read and by a background check, so start-up time does not grow with the database),
 * deletes what an interrupted flush or compaction left behind, replays the write-ahead logs that are not yet in
 * a table, and writes their data as a new table, so the engine starts with empty memory and one fresh log.
 */
final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());
    static final int VERIFIED_AT_OPEN = 4;

    /** What the engine starts from. */
    record Result(List<SsTable> tablesNewestFirst, long flushedThrough, long nextGeneration) {}

    private Recovery() {}

    static Result recover(Path directory) throws IOException {
        Manifest manifest = Manifest.read(directory);
        List<SsTable> tables = new ArrayList<>();
        Set<String> listed = new HashSet<>(manifest.tablesNewestFirst());
        long maxGeneration = manifest.flushedThrough();
        for (String name : manifest.tablesNewestFirst()) {
            Path path = directory.resolve(name);
            if (!Files.exists(path)) {
                throw new IOException("table file " + path.toAbsolutePath() + " is listed in "
                        + directory.resolve(Manifest.FILE_NAME).toAbsolutePath() + " but missing; restore it from"
                        + " a backup (the database cannot be opened without it)");
            }
            tables.add(tables.size() < VERIFIED_AT_OPEN ? SsTable.open(path) : SsTable.openUnverified(path));
            maxGeneration =
                    Math.max(maxGeneration, DataFiles.tableGeneration(name).orElse(0));
        }
        TreeMap<Long, Path> logs = new TreeMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path path : files.toList()) {
                String name = path.getFileName().toString();
                OptionalLong tableGen = DataFiles.tableGeneration(name);
                OptionalLong logGen = DataFiles.logGeneration(name);
                if (DataFiles.isTemporary(name) || (tableGen.isPresent() && !listed.contains(name))) {
                    LOG.log(
                            System.Logger.Level.INFO,
                            "deleting " + path + ": left over from an interrupted flush or"
                                    + " compaction, not part of the database");
                    Files.delete(path);
                } else if (logGen.isPresent() && logGen.getAsLong() <= manifest.flushedThrough()) {
                    Files.delete(path); // its data is already in a table: the flush stopped before deleting it
                } else if (logGen.isPresent()) {
                    logs.put(logGen.getAsLong(), path);
                    maxGeneration = Math.max(maxGeneration, logGen.getAsLong());
                }
            }
        }
        if (logs.isEmpty()) {
            return new Result(tables, manifest.flushedThrough(), maxGeneration + 1);
        }
        long lastLog = logs.lastKey();
        MemTable replayed = new MemTable(lastLog);
        for (Path log : logs.values()) {
            WalRecovery.replay(log, replayed);
        }
        List<String> names = new ArrayList<>(manifest.tablesNewestFirst());
        if (!replayed.isEmpty()) {
            Path table = DataFiles.table(directory, lastLog);
            SsTableWriter.write(table, replayed.iterator(null, null), replayed.count());
            tables.add(0, SsTable.open(table));
            names.add(0, table.getFileName().toString());
        }
        new Manifest(lastLog, names).write(directory);
        for (Path log : logs.values()) {
            Files.delete(log);
        }
        return new Result(tables, lastLog, maxGeneration + 1);
    }
}
