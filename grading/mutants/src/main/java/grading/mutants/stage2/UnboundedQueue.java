package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.QueueKind;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = {"s2-queue-full-503", "s2-workers", "s2-setting-queue-capacity"},
        breaks = "the workers' queue has no bound: overload piles up instead of being answered 503",
        caughtBy = "course.tests.stage2.OverloadTest#aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete")
public final class UnboundedQueue extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        return Stage2With.queue(s, Integer.MAX_VALUE, QueueKind.FIFO, s.deadlineMillis());
    }
}
