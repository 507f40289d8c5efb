package grading.mutants.stage5;

import grading.mutants.Mutant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import one.nio.http.Response;
import solutions.stage5.PendingResponse;

@Mutant(
        stage = 5,
        sentences = {"s5-answer-on-completion", "s4-too-few-504"},
        breaks = "a request whose quorum is out of reach waits for the coordinator's 3-second guard before its 504, "
                + "instead of answering 504 at once: every request to an unreachable quorum (a killed shard, a "
                + "partitioned replica) takes 3 s",
        caughtBy = "course.hidden.stage5.PartitionedReplicaTest#aQuorumOutOfReachIs504AtOnce(course.harness.Cluster)")
public final class ShortfallWaitsForTheGuard extends AnswerMutant {
    /** The reference coordinator's guard: three times the default peer timeout of 1 s. */
    static final long GUARD_MILLIS = 3000;

    @Override
    protected Response answer(CompletableFuture<Response> decision) {
        long start = System.nanoTime();
        return new PendingResponse(decision.thenCompose(r -> {
            if (r.getStatus() != 504) {
                return CompletableFuture.completedFuture(r);
            }
            long left = Math.max(0, GUARD_MILLIS - (System.nanoTime() - start) / 1_000_000);
            return CompletableFuture.supplyAsync(
                    () -> r, CompletableFuture.delayedExecutor(left, TimeUnit.MILLISECONDS));
        }));
    }
}
