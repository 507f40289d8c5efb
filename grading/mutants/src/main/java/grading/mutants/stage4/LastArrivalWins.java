package grading.mutants.stage4;

import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import grading.mutants.ReplicaStorageMutant;

@Mutant(
        stage = 4,
        sentences = {"s4-replica-keeps-newer", "s4-replicas-converge"},
        breaks = "a replica stores whatever write arrives last instead of the newest by timestamp: writes "
                + "of one key that reach a replica out of order leave it with an older value",
        caughtBy = "course.hidden.stage4.LateReplicaWriteTest#aReplicaKeepsTheNewerWriteWhenAnOlderOneArrivesAfterIt")
public final class LastArrivalWins extends ReplicaStorageMutant {
    @Override
    protected Storage replicaView(Storage storage) {
        // The replica compares a write with what it has; seeing nothing, it always overwrites.
        return ForwardingStorage.withGet(storage, (stored, key) -> calledFromReplicaWrite() ? null : stored.get(key));
    }

    private static boolean calledFromReplicaWrite() {
        return StackWalker.getInstance()
                .walk(frames -> frames.limit(8)
                        .anyMatch(f -> f.getClassName().equals("solutions.stage4.LocalReplica")
                                && f.getMethodName().equals("write")));
    }
}
