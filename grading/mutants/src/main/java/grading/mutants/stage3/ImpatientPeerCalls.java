package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import java.time.Duration;

@Mutant(
        stage = 3,
        sentences = "s3-timeout-floor",
        breaks = "forwarded requests time out after 200 ms: an owner that is only slow (a GC pause, a "
                + "loaded machine) is answered 504 as if it were down",
        caughtBy =
                "course.tests.stage3.SlowOwnerTest#anOwnerThatAnswersInHalfASecondIsWaitedFor(course.harness.Cluster)")
public final class ImpatientPeerCalls implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.peerTimeout(this, config, Duration.ofMillis(200));
    }
}
