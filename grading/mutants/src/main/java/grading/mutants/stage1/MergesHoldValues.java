package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.lsm.MutatedEngines;

@Mutant(
        stage = 1,
        sentences = "s1-merge-memory",
        breaks = "a merge reads whole entries from its tables and holds each table's next value: merging a dozen "
                + "tables of 16 MiB values takes more than the heap",
        caughtBy = "course.hidden.stage1.LargerThanHeapTest#tablesOfLargeValuesMergeWithinTheHeap")
public final class MergesHoldValues extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return MutatedEngines.mergingWholeValues(storageConfig);
    }
}
