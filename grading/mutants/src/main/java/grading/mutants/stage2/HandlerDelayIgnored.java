package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-setting-handler-delay",
        breaks = "the test hook course.handlerDelayMillis is never"
                + " read: workers handle each request at once, so the tests cannot make requests pile up",
        caughtBy = "course.tests.stage2.OverloadTest#requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage")
public final class HandlerDelayIgnored extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        return new WorkerSettings(s.workers(), s.queueCapacity(), s.queue(), s.virtualThreads(), s.deadlineMillis(), 0);
    }
}
