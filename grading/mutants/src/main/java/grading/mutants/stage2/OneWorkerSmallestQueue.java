package grading.mutants.stage2;

import solutions.stage2.WorkerSettings;

/**
 * Not a mutant: a correct node whose defaults are the statement's limits, one worker and a queue of 64 (the
 * statement leaves the workers to the student and asks for a queue of at least 64). Every test must pass against it;
 * a test that relied on the reference's own defaults (a queue of 256) failed it. Settings a test gives stay as given.
 */
public final class OneWorkerSmallestQueue extends SettingsMutant {
    @Override
    protected WorkerSettings settings(WorkerSettings s) {
        return new WorkerSettings(
                System.getProperty("course.workers") != null ? s.workers() : 1,
                System.getProperty("course.queueCapacity") != null ? s.queueCapacity() : 64,
                s.queue(),
                s.virtualThreads(),
                s.deadlineMillis(),
                s.handlerDelayMillis());
    }
}
