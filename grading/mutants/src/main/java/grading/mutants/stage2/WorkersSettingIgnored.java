package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-setting-workers",
        breaks = "course.workers is never read: the node always runs its own"
                + " choice of workers (2 x cores, at least 4), so a test that asks for one worker gets four or more",
        caughtBy = "course.tests.stage2.OverloadTest#requestsThatWaitedPastTheDeadlineGet503AndDoNotTouchStorage")
public final class WorkersSettingIgnored extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        int own = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        return new WorkerSettings(
                own, s.queueCapacity(), s.queue(), s.virtualThreads(), s.deadlineMillis(), s.handlerDelayMillis());
    }
}
