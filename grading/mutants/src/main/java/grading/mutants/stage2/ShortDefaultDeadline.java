package grading.mutants.stage2;

import grading.mutants.Mutant;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-setting-deadline",
        breaks = "the default deadline is 100 ms: a request that merely waited for a busy worker (a GC "
                + "pause, a loaded machine) gets 503",
        caughtBy = "course.tests.stage2.OverloadTest#theDefaultDeadlineLetsARequestWaitHalfASecond")
public final class ShortDefaultDeadline extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        // only the default changes: a deadline the tests set stays as they set it
        return System.getProperty("course.deadlineMillis") != null
                ? s
                : Stage2With.queue(s, s.queueCapacity(), s.queue(), 100);
    }
}
