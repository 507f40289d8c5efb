package grading.mutants.stage3;

import grading.mutants.Mutant;
import java.time.Duration;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-retry-closed-connection",
        breaks = "a request to another node whose kept-alive connection closed before a byte of the answer is not "
                + "sent again: the client gets 503 from an owner that is up",
        caughtBy =
                "course.hidden.stage3.ClosedKeepAliveConnectionTest#aRequestWhosePooledConnectionClosesBeforeTheAnswerIsSentAgain")
public final class ClosedConnectionsNotRetried extends PeersMutant {
    @Override
    protected PeerClient peers(String self, String secret, Duration timeout) {
        return new PeerClient(self, secret, timeout) {
            @Override
            protected boolean closedBeforeAnyByte(Throwable e) {
                return false;
            }
        };
    }
}
