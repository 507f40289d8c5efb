package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import solutions.lsm.LsmStorage;

@Mutant(
        stage = 1,
        sentences = "s1-logs-oldest-first",
        breaks = "several write-ahead logs (one per memtable awaiting its flush) replayed newest first "
                + "after a crash: a key written in two logs gets the older log's value back",
        caughtBy = "course.hidden.stage1.CrashRecoveryTest#theNewestOfSeveralLogsWinsAfterKill9")
public final class LogsReplayedNewestFirst extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        reverseLogOrder(storageConfig.directory());
        return LsmStorage.open(storageConfig);
    }

    /**
     * Gives the logs each other's generation numbers, newest and oldest swapped, so the reference's recovery (which
     * replays them in generation order) replays them newest first; each log's records keep their own order.
     */
    private static void reverseLogOrder(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(p -> LOG.matcher(p.getFileName().toString()).matches())
                    .sorted()
                    .toList();
        }
        for (Path log : logs) {
            Files.move(log, dir.resolve(log.getFileName() + ".reversing"));
        }
        for (int i = 0; i < logs.size(); i++) {
            Path moved = dir.resolve(logs.get(i).getFileName() + ".reversing");
            Files.move(moved, logs.get(logs.size() - 1 - i));
        }
    }

    private static final Pattern LOG = Pattern.compile("wal-(\\d+)\\.log");
}
