package grading.mutants.stage4;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import grading.mutants.ReplicaStorageMutant;
import java.util.function.UnaryOperator;

@Mutant(
        stage = 4,
        sentences = "s4-deletion-record",
        breaks = "a delete is stored as a plain storage tombstone without its timestamp: an older write "
                + "that a replica missed wins over it later",
        caughtBy = "course.tests.stage4.TimestampsResolveConflictsTest#staleCopiesLoseToNewerWritesAndDeletes(int)")
public final class TombstonesWithoutTimestamps extends ReplicaStorageMutant {
    @Override
    protected Storage replicaView(Storage storage) {
        UnaryOperator<Entry> plainTombstones =
                entry -> isDeletion(entry.value()) ? new Entry(entry.key(), null) : entry;
        return ForwardingStorage.withUpsert(storage, plainTombstones);
    }

    private static boolean isDeletion(byte[] record) {
        return record != null && record.length > FLAG && record[FLAG] == 1;
    }

    /** Stage 4 stores {@code [timestamp: 8 bytes][tombstone flag: 1 byte][value]}. */
    private static final int FLAG = Long.BYTES;
}
