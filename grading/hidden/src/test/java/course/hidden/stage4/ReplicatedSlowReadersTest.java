package course.hidden.stage4;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.stage1.SlowReadersTest;
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
    /**
     * Three times the stage-1 number: each GET now brings a copy of the value from every replica, and a node that
     * does not count them holds those copies at once for every GET it coordinates.
     */
    @Test
    void fortyEightClientsThatNeverReadAFourMebibyteAnswerLeaveTheCoordinatorServing(Cluster cluster, Seed seed)
            throws Exception {
        clientsThatNeverReadAFourMebibyteAnswerLeaveTheNodeServing(cluster, seed, 48);
    }
}
