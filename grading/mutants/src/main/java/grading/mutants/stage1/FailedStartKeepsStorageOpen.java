package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.lsm.LsmStorage;

@Mutant(
        stage = 1,
        sentences = "c-failed-start-stopped",
        breaks = "a start() that fails on a taken port throws without closing the storage it had opened: the storage"
                + " keeps its directory's lock, and the node cannot start again",
        caughtBy = "course.tests.stage1.OnePortOneNodeTest#aNodeWhoseStartFailedOnATakenPortStartsOnceThePortIsFree")
public final class FailedStartKeepsStorageOpen extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return new ForwardingStorage(LsmStorage.open(storageConfig)) {
            @Override
            public void close() throws IOException {
                if (!calledFromStart()) {
                    delegate.close(); // stop() still closes it: only the failed start forgets
                }
            }
        };
    }

    private static boolean calledFromStart() {
        return StackWalker.getInstance()
                .walk(frames -> frames.limit(8)
                        .anyMatch(f -> f.getClassName().startsWith("solutions.stage1.Stage1Node")
                                && f.getMethodName().equals("start")));
    }
}
