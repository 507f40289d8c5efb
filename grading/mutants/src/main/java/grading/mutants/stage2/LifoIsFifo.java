package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage2.QueueKind;

@Mutant(
        stage = 2,
        sentences = "s2-setting-queue",
        breaks = "-Dcourse.queue=lifo is read but the deque is used as a queue: oldest request first",
        caughtBy = "course.hidden.stage2.LifoOrderTest#theNewestQueuedRequestRunsFirst")
public final class LifoIsFifo implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.settings(
                config,
                s -> Stage2With.queue(
                        s,
                        s.queueCapacity(),
                        s.queue() == QueueKind.LIFO ? QueueKind.FIFO : s.queue(),
                        s.deadlineMillis()));
    }
}
