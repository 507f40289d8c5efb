package grading.mutants.stage1;

import course.contract.storage.Storage;
import course.contract.storage.StorageConfig;
import grading.mutants.Mutant;
import java.io.IOException;
import solutions.lsm.MutatedEngines;

@Mutant(
        stage = 1,
        sentences = "s1-merge-keeps-newest",
        breaks = "the engine's background merges drop tombstones also when they merge only the newest tables: a key"
                + " deleted after its value reached an older table comes back once the newer tables are merged",
        caughtBy = "course.hidden.stage1.CompactionTest#deletesAndOverwritesSurviveMergesAndARestart")
public final class TombstonesDroppedInPartialMerges extends EngineMutant {
    @Override
    protected Storage open(StorageConfig storageConfig) throws IOException {
        return MutatedEngines.droppingTombstonesInPartialMerges(storageConfig);
    }
}
