package grading.mutants.stage3;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import grading.mutants.ReferenceWith;
import solutions.stage3.PeerClient;

@Mutant(
        stage = 3,
        sentences = "s3-retry-closed-connection",
        breaks = "a request to another node whose kept-alive connection closed before a byte of the answer is not "
                + "sent again: the client gets 503 from an owner that is up",
        caughtBy =
                "course.hidden.stage3.ClosedKeepAliveConnectionTest#aRequestWhosePooledConnectionClosesBeforeTheAnswerIsSentAgain")
public final class ClosedConnectionsNotRetried implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return ReferenceWith.peers(this, config, (self, secret, timeout) -> new PeerClient(self, secret, timeout) {
            @Override
            protected boolean closedBeforeAnyByte(Throwable e) {
                return false;
            }
        });
    }
}
