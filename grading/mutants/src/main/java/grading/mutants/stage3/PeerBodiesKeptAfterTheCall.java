package grading.mutants.stage3;

import grading.mutants.Mutant;
import java.net.http.HttpRequest;
import java.time.Duration;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-peer-bodies",
        breaks = "values go to their owners with BodyPublishers.ofByteArray, which idle pooled connections keep after "
                + "the call: every connection to a peer holds the last value it sent (and its first) for good",
        caughtBy = "course.hidden.stage3.ForwardedValuesLetGoTest#aNodeKeepsNoValueItForwardedOnceItsOwnerAnswered")
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
