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
@WithCluster(nodes = 3, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN, perClass = true)
class ReplicatedSlowReadersTest extends SlowReadersTest {
    /**
     * Three times the stage-1 number of clients, each asking for a 16 MiB value, while the two other replicas are
     * silent (their links black holes): each GET waits for a second answer until the coordinator's own timeout for a
     * replica, holding what it has. A coordinator that does not count the replicas' answers, this node's own read
     * among them, holds a copy of the value for every GET in flight: seven of them fill the 128 MiB heap. With the
     * stage-1 value of 4 MiB and links slowed by 250 ms it took thirty GETs in flight within half a second; on a busy
     * machine, where the node reads the GETs one after another, such a coordinator lived through the test in two
     * grades of three beside four busy loops, and through both tries of one suite run. The links heal before the
     * normal client's turn: its point is the memory the GETs hold, and a PUT through two silent replicas rightly
     * fails.
     *
     * <p>The GETs are held 5 s before the links heal, and the nodes start with {@code course.peerTimeoutMillis} above
     * that: the reference's own setting for how long a replica has (1 s by default). With 1 s, a coordinator that did
     * not count the copies lived whenever a busy machine let it read fewer than seven GETs in a second (the suite
     * caught it only on its rerun in two runs of five), and with 3 s and a 2 s hold once more; now it holds every GET
     * it read in 5 s. A node that does not read that setting keeps its own timeout, and the test is for it what it
     * was, 3 s longer.
     */
    @Test
    @WithCluster(
            nodes = 3,
            mode = NodeMode.PROCESS,
            heap = "128m",
            jvm = NodeJvm.AS_RUN,
            proxied = true,
            settings = "course.peerTimeoutMillis=8000")
    void fortyEightClientsThatNeverReadASixteenMebibyteAnswerLeaveTheCoordinatorServing(Cluster cluster, Seed seed)
            throws Exception {
        clientsThatNeverReadALargeAnswerLeaveTheNodeServing(
                cluster,
                seed,
                48,
                16,
                Duration.ofSeconds(5),
                () -> {
                    cluster.proxy(1).blackHole();
                    cluster.proxy(2).blackHole();
                },
                () -> {
                    cluster.proxy(1).heal();
                    cluster.proxy(2).heal();
                });
    }

    /** The stage-1 test through node 0 of three replicas, with its own cluster as there (many workers). */
    // It calls the stage-1 test on purpose: only the cluster annotation below differs.
    @SuppressWarnings("JUnitMethodInvoked")
    @Override
    @Test
    @Checks("s1-answer-budget-together")
    @WithCluster(nodes = 3, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN, settings = WORKERS_TOGETHER)
    protected void largeAnswersAskedForTogetherAreAdmittedOnlyAsFarAsTheyFitOneByOne(Cluster cluster, Seed seed)
            throws Exception {
        super.largeAnswersAskedForTogetherAreAdmittedOnlyAsFarAsTheyFitOneByOne(cluster, seed);
    }
}
