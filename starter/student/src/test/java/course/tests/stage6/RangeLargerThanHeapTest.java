package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.WithCluster;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A range larger than the node's heap streams in one request: a node with -Xmx64m holds 160 MiB and sends all of
 * it. The reader counts entries and bytes as they arrive and keeps none of them.
 */
@Stage(6)
@WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "64m")
class RangeLargerThanHeapTest {
    static final int VALUES = 2560;
    static final int VALUE_BYTES = 64 * 1024;

    @Test
    void aRangeLargerThanTheHeapStreamsInOneRequest(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(20));
        Fill.fill(c, 0, VALUES, VALUE_BYTES);
        long[] entries = {0};
        long[] bytes = {0};
        RangeReader.read(cluster.directUrl(0), RangeReader.path("big-", null), chunk -> {
            int i = (int) entries[0];
            assertEquals(Fill.key(i), chunk.keyText(), "entry " + i + " of the range");
            assertEquals(VALUE_BYTES, chunk.value().length, "the length of " + chunk.keyText());
            assertEquals(Fill.value(i, 1)[0], chunk.value()[0], "the first byte of " + chunk.keyText());
            entries[0]++;
            bytes[0] += chunk.value().length;
            return true;
        }).assertStatus(200);
        assertEquals(VALUES, entries[0], "entries streamed from a node whose heap is smaller than its data");
        assertEquals((long) VALUES * VALUE_BYTES, bytes[0], "value bytes streamed");
        c.get(0, Fill.key(0)).assertStatus(200);
    }
}
