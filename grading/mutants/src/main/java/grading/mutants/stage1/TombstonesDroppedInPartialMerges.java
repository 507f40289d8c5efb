package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.lsm.MutatedEngines;

@Mutant(
        stage = 1,
        sentences = "s1-merge-keeps-newest",
        breaks = "the engine's background merges drop tombstones also when they merge only the newest tables: a key"
                + " deleted after its value reached an older table comes back once the newer tables are merged",
        caughtBy = "course.hidden.stage1.CompactionTest#deletesAndOverwritesSurviveMergesAndARestart")
public final class TombstonesDroppedInPartialMerges implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.engine(config, MutatedEngines::droppingTombstonesInPartialMerges);
    }
}
