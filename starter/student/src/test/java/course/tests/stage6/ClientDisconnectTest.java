package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Stage;
import course.harness.WithCluster;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A client that drops the connection in the middle of a long range leaves the node healthy. */
@Stage(6)
@WithCluster(nodes = 1)
class ClientDisconnectTest {
    /** 32 MiB: far more than the socket buffers hold, so the node is mid-stream when the client goes. */
    static final int VALUES = 128;
    static final int VALUE_BYTES = 256 * 1024;

    @Test
    void aClientThatDisconnectsHalfwayLeavesTheNodeHealthy(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        Fill.fill(c, 0, VALUES, VALUE_BYTES);
        String url = cluster.directUrl(0);
        for (int attempt = 0; attempt < 3; attempt++) {
            int[] seen = {0};
            RangeReader.read(url, RangeReader.path("big-", null), chunk -> ++seen[0] < 5).assertStatus(200);
        }
        c.put(0, "after", "still here").assertStatus(201);
        c.get(0, "after").assertBody(200, "still here");
        long[] count = {0};
        RangeReader.read(url, RangeReader.path("big-", "big-~"), chunk -> {
            assertEquals(Fill.key((int) count[0]), chunk.keyText(), "entry " + count[0]);
            assertEquals(VALUE_BYTES, chunk.value().length, "the value of " + chunk.keyText());
            count[0]++;
            return true;
        }).assertStatus(200);
        assertEquals(VALUES, count[0], "entries of a full range read after three clients dropped theirs");
    }
}
