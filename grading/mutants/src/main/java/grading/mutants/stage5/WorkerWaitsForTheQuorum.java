package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.util.concurrent.CompletableFuture;

@Mutant(
        stage = 5,
        sentences = "s5-no-blocking",
        breaks = "the coordinator's worker blocks on future.get() until the quorum is decided, instead of "
                + "answering from the thread that completes it",
        caughtBy =
                "course.tests.stage5.NoThreadWaitsForReplicasTest#noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight(course.harness.Cluster)")
public final class WorkerWaitsForTheQuorum implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // what stage 4 does: the worker parks until the quorum is decided
        return ReferenceWith.answer(this, config, CompletableFuture::join);
    }
}
