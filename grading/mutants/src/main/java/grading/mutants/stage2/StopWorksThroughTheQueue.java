package grading.mutants.stage2;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import solutions.stage2.ExecutorHttpServer;
import solutions.stage2.WorkerSettings;

@Mutant(
        stage = 2,
        sentences = "s2-stop",
        breaks = "stop() shuts the workers down as ExecutorService.shutdown() and awaitTermination() do: every "
                + "request still in the queue runs first, and stop returns only after them (or the grace period)",
        caughtBy = "course.tests.stage2.OverloadTest#stopRejectsQueuedWorkInsteadOfRunningIt")
public final class StopWorksThroughTheQueue implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.server(this, config, routes -> {
            WorkerSettings settings = WorkerSettings.fromSystemProperties();
            return new ExecutorHttpServer(
                    config.selfPort(), routes, settings, new KeptQueue(settings.queueCapacity())) {};
        });
    }

    /**
     * The reference's queue, except that the pool's stop takes nothing out of it to answer 503: what is left is what
     * shutdown() lets the workers run.
     */
    private static final class KeptQueue extends ArrayBlockingQueue<Runnable> {
        private static final long serialVersionUID = 1L;

        KeptQueue(int capacity) {
            super(capacity);
        }

        @Override
        public int drainTo(Collection<? super Runnable> into) {
            return 0;
        }

        @Override
        public int drainTo(Collection<? super Runnable> into, int max) {
            return 0;
        }
    }
}
