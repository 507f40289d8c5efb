package grading.mutants.stage3;

import grading.mutants.Mutant;
import grading.mutants.PeerTimeoutMutant;
import java.time.Duration;

@Mutant(
        stage = 3,
        sentences = "s3-timeout-floor",
        breaks = "forwarded requests time out after 200 ms: an owner that is only slow (a GC pause, a "
                + "loaded machine) is answered 504 as if it were down",
        caughtBy =
                "course.tests.stage3.SlowOwnerTest#anOwnerThatAnswersInHalfASecondIsWaitedFor(course.harness.Cluster)")
public final class ImpatientPeerCalls extends PeerTimeoutMutant {
    @Override
    protected Duration peerTimeout() {
        return Duration.ofMillis(200);
    }
}
