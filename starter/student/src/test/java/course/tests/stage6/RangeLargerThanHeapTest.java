package course.tests.stage6;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.WithCluster;
import org.junit.jupiter.api.Test;

/**
 * A range larger than the node's heap streams in one request: a node with -Xmx64m holds 160 MiB and sends all of
 * it. The reader counts entries and bytes as they arrive and keeps none of them.
 */
@Stage(6)
@WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "64m", jvm = NodeJvm.AS_RUN)
class RangeLargerThanHeapTest {
    /** 160 MiB. */
    static final Fill BIG = new Fill(2560, 64 * 1024);

    @Test
    @Checks({"s6-stream", "c-range"})
    void aRangeLargerThanTheHeapStreamsInOneRequest(Cluster cluster) throws Exception {
        BIG.writeTo(cluster);
        BIG.assertRangeReadsBack(
                cluster.directUrl(0),
                RangeReader.path("big-", null),
                "streamed from a node whose heap is smaller than its data");
        cluster.client().get(0, Fill.key(0)).assertStatus(200);
    }
}
