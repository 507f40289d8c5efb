package grading.mutants.stage1;

import grading.mutants.Mutant;
import solutions.stage1.SessionParts;
import solutions.stage1.Timeouts;

@Mutant(
        stage = 1,
        sentences = "s1-idle-timeout",
        breaks = "only the header timeout is kept: a connection that sent a whole request and then idles is never"
                + " closed, so idle keep-alive clients hold the node's descriptors forever",
        caughtBy = "course.tests.stage1.ConnectionTimeoutsTest#anIdleConnectionIsClosedAndABusyOneIsNot")
public final class IdleConnectionsNeverClosed extends PartsMutant {
    @Override
    protected SessionParts parts(SessionParts reference) {
        Timeouts idleForAYear = new Timeouts(A_YEAR_MILLIS, reference.timeouts().headerMillis());
        return reference.withTimeouts(idleForAYear);
    }

    private static final long A_YEAR_MILLIS = 365L * 24 * 3600 * 1000;
}
