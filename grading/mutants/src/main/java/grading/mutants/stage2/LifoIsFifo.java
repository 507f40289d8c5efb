package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.QueueKind;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-setting-queue",
        breaks = "-Dcourse.queue=lifo is read but the deque is used as a queue: oldest request first",
        caughtBy = "course.hidden.stage2.LifoOrderTest#theNewestQueuedRequestRunsFirst")
public final class LifoIsFifo extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        QueueKind fifo = s.queue() == QueueKind.LIFO ? QueueKind.FIFO : s.queue();
        return Stage2With.queue(s, s.queueCapacity(), fifo, s.deadlineMillis());
    }
}
