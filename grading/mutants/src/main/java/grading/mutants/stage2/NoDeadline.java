package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-deadline-503",
        breaks = "queued requests have no deadline: work that waited too long still runs and touches storage",
        caughtBy = "course.tests.stage2.OverloadTest#requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage")
public final class NoDeadline extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        return Stage2With.queue(s, s.queueCapacity(), s.queue(), Long.MAX_VALUE);
    }
}
