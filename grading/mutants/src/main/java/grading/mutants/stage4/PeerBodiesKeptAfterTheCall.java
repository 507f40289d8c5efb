package grading.mutants.stage4;

import grading.mutants.Mutant;
import grading.mutants.stage3.PeersMutant;
import java.net.http.HttpRequest;
import java.time.Duration;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 4,
        sentences = "s3-peer-bodies",
        breaks = "values go to the replicas with BodyPublishers.ofByteArray, which idle pooled connections keep after "
                + "the call: after a burst of 1 MiB PUTs, a 16 MiB PUT ends the node with OutOfMemoryError",
        caughtBy = "course.hidden.stage3.ForwardedBurstTest#aBurstThroughOneNodeLeavesRoomForTheLargestValue")
public final class PeerBodiesKeptAfterTheCall extends PeersMutant {
    @Override
    protected PeerClient peers(String self, String secret, Duration timeout) {
        return new PeerClient(self, secret, timeout) {
            @Override
            protected HttpRequest.BodyPublisher publisher(byte[] body) {
                return HttpRequest.BodyPublishers.ofByteArray(body);
            }
        };
    }
}
