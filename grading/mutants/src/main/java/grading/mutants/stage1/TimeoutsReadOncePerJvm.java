package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import solutions.stage1.Timeouts;

@Mutant(
        stage = 1,
        sentences = "s1-timeouts-every-start",
        breaks = "course.idleTimeoutMillis and course.headerTimeoutMillis"
                + " are read once per JVM, in a static initializer: a node started again, or another node of the same JVM,"
                + " keeps the timeouts of the first start",
        caughtBy = "course.tests.stage1.ConnectionTimeoutsTest#aNodeStartedAgainRunsWithTheTimeoutsOfItsNewStart")
public final class TimeoutsReadOncePerJvm implements ServiceFactory {
    /** The student's static field: initialized when the first node of the JVM is made (its class is loaded). */
    private static final class Once {
        static final Timeouts TIMEOUTS = Timeouts.fromSystemProperties();
    }

    @Override
    public Service create(ServiceConfig config) {
        Timeouts once = Once.TIMEOUTS;
        return Stage1With.parts(config, parts -> parts.withTimeouts(once));
    }
}
