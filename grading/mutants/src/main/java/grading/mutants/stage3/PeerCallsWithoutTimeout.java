package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.time.Duration;
import solutions.stage3.Stage3Node;

@Mutant(stage = 3, breaks = "forwarded requests have no timeout to speak of (a day): an owner that accepts the "
        + "connection and never answers holds the client's request for good",
        caughtBy = "course.hidden.stage3.SilentPeerTest#aSilentPeerCostsATimeoutNeverAHungClient(course.harness.Cluster)")
public final class PeerCallsWithoutTimeout implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage3Node(config) {
            @Override
            protected Duration peerTimeout() {
                return Duration.ofDays(1);
            }
        };
    }
}
