package solutions.lsm;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.util.Iterator;
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

    /**
     * Merges read whole entries, as a range does: each table's next value is held twice (read ahead, and as the
     * merge's current one), so a merge of a dozen tables of 16 MiB values needs more than a 128 MiB heap.
     */
    public static Storage mergingWholeValues(StorageConfig config) throws IOException {
        return LsmStorage.open(config, new CompactionPolicy() {
            @Override
            Iterator<StoredRecord> recordsToMerge(SsTable table) throws IOException {
                Iterator<StoredRecord> records = table.records();
                Iterator<Entry> entries = table.iterator(null, null);
                return new Iterator<>() {
                    private Entry current;

                    @Override
                    public boolean hasNext() {
                        return records.hasNext();
                    }

                    @Override
                    public StoredRecord next() {
                        current = entries.next();
                        return records.next();
                    }
                };
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
