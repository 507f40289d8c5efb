package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;

@Mutant(
        stage = 2,
        sentences = "s2-deadline-503",
        breaks = "queued requests have no deadline: work that waited too long still runs and touches storage",
        caughtBy = "course.tests.stage2.OverloadTest#requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage")
public final class NoDeadline implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage2With.settings(config, s -> Stage2With.queue(s, s.queueCapacity(), s.queue(), Long.MAX_VALUE));
    }
}
