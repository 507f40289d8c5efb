package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-setting-virtual",
        breaks = "-Dcourse.virtualThreads=true is ignored: the workers stay platform threads",
        caughtBy = "course.hidden.stage2.VirtualWorkersTest#theWorkersAreVirtualThreadsWhenAskedFor")
public final class VirtualThreadsIgnored extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        return new WorkerSettings(
                s.workers(), s.queueCapacity(), s.queue(), false, s.deadlineMillis(), s.handlerDelayMillis());
    }
}
