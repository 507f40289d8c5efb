package grading.mutants.stage3;

import grading.mutants.Mutant;
import java.time.Duration;
import one.nio.http.Response;
import solutions.stage1.Responses;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-silent-owner-504",
        breaks = "a peer that did not answer in time is a 504 that names no node: the client cannot tell which node "
                + "of the cluster is down or slow",
        caughtBy =
                "course.hidden.stage3.SilentPeerTest#aSilentPeerCostsATimeoutNeverAHungClient(course.harness.Cluster)")
public final class TimeoutsNameNoNode extends PeersMutant {
    @Override
    protected PeerClient peers(String self, String secret, Duration timeout) {
        return new PeerClient(self, secret, timeout) {
            @Override
            protected Response timedOut(String peer) {
                return Responses.text(Response.GATEWAY_TIMEOUT, "a node of the cluster did not answer in time");
            }
        };
    }
}
