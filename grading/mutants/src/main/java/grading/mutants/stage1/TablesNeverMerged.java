package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.lsm.MutatedEngines;

@Mutant(
        stage = 1,
        sentences = "s1-engine-merges",
        breaks = "the engine never merges its tables in the background: every flush leaves one more "
                + "file, and every read of an absent key probes each of them",
        caughtBy = "course.hidden.stage1.CompactionTest#manyFlushesLeaveABoundedNumberOfFiles")
public final class TablesNeverMerged implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        Stage1With.Engine withoutMerges = MutatedEngines::neverMerging;
        return Stage1With.engine(config, withoutMerges);
    }
}
