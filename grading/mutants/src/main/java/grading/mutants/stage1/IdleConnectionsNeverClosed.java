package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.Timeouts;

@Mutant(
        stage = 1,
        sentences = "s1-idle-timeout",
        breaks =
                "only the header timeout is kept: a connection that sent a"
                        + " whole request and then idles is never closed, so idle keep-alive clients hold the node's descriptors forever",
        caughtBy = "course.tests.stage1.ConnectionTimeoutsTest#anIdleConnectionIsClosedAndABusyOneIsNot")
public final class IdleConnectionsNeverClosed implements ServiceFactory {
    private static final long A_YEAR_MILLIS = 365L * 24 * 3600 * 1000;

    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.parts(
                config,
                parts -> parts.withTimeouts(
                        new Timeouts(A_YEAR_MILLIS, parts.timeouts().headerMillis())));
    }
}
