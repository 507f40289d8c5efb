package grading.mutants.stage5;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.time.Duration;
import solutions.stage5.Stage5Node;

@Mutant(stage = 5, breaks = "replica requests have no timeout to speak of (a day): a request that needs a replica "
        + "which accepts the connection and never answers is never answered",
        caughtBy = "course.hidden.stage3.SilentPeerTest#aSilentPeerCostsATimeoutNeverAHungClient(course.harness.Cluster)")
public final class ReplicaCallsWithoutTimeout implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage5Node(config) {
            @Override
            protected Duration peerTimeout() {
                return Duration.ofDays(1);
            }
        };
    }
}
