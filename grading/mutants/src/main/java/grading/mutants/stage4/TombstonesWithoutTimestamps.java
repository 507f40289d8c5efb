package grading.mutants.stage4;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import grading.mutants.ReplicaStorageMutant;

@Mutant(
        stage = 4,
        sentences = "s4-deletion-record",
        breaks = "a delete is stored as a plain storage tombstone without its timestamp: an older write "
                + "that a replica missed wins over it later",
        caughtBy = "course.tests.stage4.TimestampsResolveConflictsTest#staleCopiesLoseToNewerWritesAndDeletes(int)")
public final class TombstonesWithoutTimestamps extends ReplicaStorageMutant {
    @Override
    protected Storage replicaView(Storage storage) {
        return ForwardingStorage.withUpsert(
                storage, entry -> isDeletion(entry.value()) ? new Entry(entry.key(), null) : entry);
    }

    private static boolean isDeletion(byte[] record) {
        return record != null && record.length > FLAG && record[FLAG] == 1;
    }

    /** Stage 4 stores {@code [timestamp: 8 bytes][tombstone flag: 1 byte][value]}. */
    private static final int FLAG = Long.BYTES;
}
