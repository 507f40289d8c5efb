package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;

@Mutant(stage = 4, breaks = "a replica stores whatever write arrives last instead of the newest by timestamp: writes "
        + "of one key that reach a replica out of order leave it with an older value",
        caughtBy = "course.hidden.stage4.ConcurrentClientsHistoryTest")
public final class LastArrivalWins implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReplicaStorageSeenThrough.node(config, storage -> new ForwardingStorage(storage) {
            /** The replica compares a write with what it has; seeing nothing, it always overwrites. */
            @Override
            public byte[] get(byte[] key) throws IOException {
                return calledFromReplicaWrite() ? null : delegate.get(key);
            }
        });
    }

    private static boolean calledFromReplicaWrite() {
        return StackWalker.getInstance().walk(frames -> frames.limit(8).anyMatch(f ->
                f.getClassName().equals("solutions.stage4.LocalReplica") && f.getMethodName().equals("write")));
    }
}
