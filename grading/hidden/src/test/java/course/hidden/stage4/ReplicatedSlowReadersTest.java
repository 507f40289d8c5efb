package course.hidden.stage4;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.stage1.SlowReadersTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The stage-1 slow and absent readers, through node 0 of a three-node cluster as {@code ./course run} starts it:
 * each GET now brings a copy of the value from every replica it asks. Under {@code ./course run} the stage-5 and
 * stage-6 references died of it (16 GETs of a 4 MiB value held 30 copies in their quorums) until a coordinator held
 * only the newest answer and counted the replicas' answers in its budget for answers.
 */
@Stage(4)
@Checks("s4-read-memory")
@WithCluster(nodes = 3, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN)
class ReplicatedSlowReadersTest extends SlowReadersTest {
    private static final Duration SLOW_LINK = Duration.ofMillis(250);

    /**
     * Three times the stage-1 number, while the links to the two other replicas are slow (+250 ms each way, as in
     * the stage-3 test of a slow owner): each GET then waits half a second for a second answer, holding what it has.
     * A coordinator that does not count the replicas' answers, this node's own read among them, holds a copy of the
     * value for each of the 48 GETs at once; on a fast machine it died without the delay too, on a busy one the GETs
     * came one after another and it lived. The links heal before the normal client's turn: its point is the memory the
     * GETs hold, and a PUT through two slow links on a saturated machine may rightly time out (504, seen in a suite run).
     */
    @Test
    @WithCluster(nodes = 3, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN, proxied = true)
    void fortyEightClientsThatNeverReadAFourMebibyteAnswerLeaveTheCoordinatorServing(Cluster cluster, Seed seed)
            throws Exception {
        clientsThatNeverReadAFourMebibyteAnswerLeaveTheNodeServing(
                cluster,
                seed,
                48,
                () -> {
                    cluster.proxy(1).delay(SLOW_LINK);
                    cluster.proxy(2).delay(SLOW_LINK);
                },
                () -> {
                    cluster.proxy(1).heal();
                    cluster.proxy(2).heal();
                });
    }
}
