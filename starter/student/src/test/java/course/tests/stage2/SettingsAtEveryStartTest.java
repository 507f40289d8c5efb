package course.tests.stage2;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.ConfiguredCluster;
import course.harness.NodeJvm;
import course.harness.Stage;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Statement, "Settings": a node reads the stage-2 properties when it starts, at every start. The tests set them,
 * start a node and put them back, so a node that read them once (in a static initializer: once per JVM; or when it
 * was created) runs with another test's settings. Here the same node object starts with the handler-delay test hook,
 * then again without it: a node in a JVM of its own gets the test's properties with every start, as one in the
 * test's JVM reads them.
 */
@Stage(2)
class SettingsAtEveryStartTest {
    private static final long HOLD_MILLIS = 600;
    private static final int GETS = 5;

    @Test
    @Checks({"s2-settings-every-start", "c-settings-every-start"})
    void aNodeStartedAgainRunsWithTheSettingsOfItsNewStart() throws Exception {
        // QUICK_START: the handler-delay hook makes the timings; the node's own speed adds milliseconds
        try (Cluster cluster = ConfiguredCluster.started(
                1, Map.of("course.handlerDelayMillis", String.valueOf(HOLD_MILLIS)), NodeJvm.QUICK_START)) {
            cluster.client().put(0, "setting", "read at start").assertStatus(201);
            long held = millisOfGets(cluster, 1);
            assertTrue(
                    held >= HOLD_MILLIS,
                    "started with -Dcourse.handlerDelayMillis=" + HOLD_MILLIS + ", the node "
                            + "answered a GET in " + held
                            + " ms: read the settings in start(), from the system properties as "
                            + "they are then (not in a static initializer, which another node of this JVM ran first)");
            cluster.restart(0); // the test has put the property back: this start has the default delay, 0
            long free = millisOfGets(cluster, GETS);
            assertTrue(
                    free < GETS * HOLD_MILLIS,
                    "stopped and started again without -Dcourse.handlerDelayMillis, the "
                            + "node took " + free + " ms for " + GETS + " GETs, at least the " + HOLD_MILLIS
                            + " ms of its "
                            + "first start's delay each: read the settings at every start() (not once per JVM in a static "
                            + "initializer, nor once per node when it is created)");
        }
    }

    /** How long {@code n} GETs of the test's key took, one after the other. */
    private static long millisOfGets(Cluster cluster, int n) {
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            cluster.client().get(0, "setting").assertBody(200, "read at start");
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
