package course.tests.stage6;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import org.junit.jupiter.api.Test;

/** A client that drops the connection in the middle of a long range leaves the node healthy. */
@Stage(6)
// QUICK_START: one dropped stream leaves a stuck stream or a leak under either collector; memory is
// RangeLargerThanHeapTest's
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ClientDisconnectTest {
    /** 32 MiB: far more than the socket buffers hold, so the node is mid-stream when the client goes. */
    static final Fill BIG = new Fill(128, 256 * 1024);

    @Test
    @Checks("s6-client-gone")
    void aClientThatDisconnectsHalfwayLeavesTheNodeHealthy(Cluster cluster) throws Exception {
        BIG.writeTo(cluster);
        KvClient c = cluster.client();
        String url = cluster.directUrl(0);
        for (int attempt = 0; attempt < 3; attempt++) {
            int[] seen = {0};
            RangeReader.read(url, RangeReader.path("big-", null), chunk -> ++seen[0] < 5)
                    .assertStatus(200);
        }
        c.put(0, "after", "still here").assertStatus(201);
        c.get(0, "after").assertBody(200, "still here");
        BIG.assertRangeReadsBack(url, RangeReader.path("big-", "big-~"), "read after three clients dropped theirs");
    }
}
