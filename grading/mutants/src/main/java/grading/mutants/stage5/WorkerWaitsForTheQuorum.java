package grading.mutants.stage5;

import grading.mutants.Mutant;
import java.util.concurrent.CompletableFuture;
import one.nio.http.Response;

@Mutant(
        stage = 5,
        sentences = "s5-no-blocking",
        breaks = "the coordinator's worker blocks on future.get() until the quorum is decided, instead of "
                + "answering from the thread that completes it",
        caughtBy =
                "course.tests.stage5.NoThreadWaitsForReplicasTest#noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight(course.harness.Cluster)")
public final class WorkerWaitsForTheQuorum extends AnswerMutant {
    @Override
    protected Response answer(CompletableFuture<Response> decision) {
        return decision.join(); // what stage 4 does: the worker parks until the quorum is decided
    }
}
