package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage2.QueueKind;

@Mutant(
        stage = 2,
        sentences = {"s2-queue-full-503", "s2-workers", "s2-setting-queue-capacity"},
        breaks = "the workers' queue has no bound: overload piles up instead of being answered 503",
        caughtBy = "course.tests.stage2.OverloadTest#aFullQueueIsAnswered503AtOnceAndAcceptedWritesComplete")
public final class UnboundedQueue implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.settings(
                config, s -> Stage2With.queue(s, Integer.MAX_VALUE, QueueKind.FIFO, s.deadlineMillis()));
    }
}
