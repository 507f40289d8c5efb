package grading.mutants.stage4;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.stage1.RequestHandler;
import solutions.stage4.Stage4Node;

@Mutant(stage = 4, breaks = "a replica stores whatever write arrives last instead of the newest by timestamp: writes "
        + "of one key that reach a replica out of order leave it with an older value",
        caughtBy = "course.hidden.stage4.ConcurrentClientsHistoryTest")
public final class LastArrivalWins implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage4Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return super.createHandler(new ForwardingStorage(storage) {
                    /** The replica compares a write with what it has; seeing nothing, it always overwrites. */
                    @Override
                    public byte[] get(byte[] key) throws IOException {
                        return calledFromReplicaWrite() ? null : delegate.get(key);
                    }
                });
            }
        };
    }

    private static boolean calledFromReplicaWrite() {
        return StackWalker.getInstance().walk(frames -> frames.limit(8).anyMatch(f ->
                f.getClassName().equals("solutions.stage4.LocalReplica") && f.getMethodName().equals("write")));
    }
}
