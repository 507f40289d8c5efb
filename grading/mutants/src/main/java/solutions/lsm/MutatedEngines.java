package solutions.lsm;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.util.List;

/**
 * The reference engine with one decision of its {@link CompactionPolicy} broken, for the storage mutants. It lives
 * in the engine's package (on the class path, not in the engine's jar) because the policy is the engine's own
 * business and stays package-private there.
 */
public final class MutatedEngines {
    private MutatedEngines() {}

    /**
     * Background merges drop tombstones even when they merge only the newest tables: a key deleted in a newer table
     * whose value sits in an older one, not merged, gets that value back.
     */
    public static Storage droppingTombstonesInPartialMerges(StorageConfig config) throws IOException {
        return LsmStorage.open(config, new CompactionPolicy() {
            @Override
            boolean dropsTombstones(List<SsTable> run, List<SsTable> tablesNewestFirst) {
                return true;
            }
        });
    }

    /** No background merges at all: every flush leaves one more table, and every read probes each of them. */
    public static Storage neverMerging(StorageConfig config) throws IOException {
        return LsmStorage.open(config, new CompactionPolicy() {
            @Override
            List<SsTable> runToMerge(List<SsTable> tablesNewestFirst) {
                return List.of();
            }
        });
    }
}
