package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.lsm.MutatedEngines;

@Mutant(
        stage = 1,
        sentences = "s1-engine-merges",
        breaks = "the engine never merges its tables in the background: every flush leaves one more "
                + "file, and every read of an absent key probes each of them",
        caughtBy = "course.hidden.stage1.CompactionTest#manyFlushesLeaveABoundedNumberOfFiles")
public final class TablesNeverMerged extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return MutatedEngines.neverMerging(storageConfig);
    }
}
