package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A node streams the keys it stores itself: with one copy per key, the nodes' ranges split the keys. */
@Stage(6)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
class OwnKeysOnlyTest {
    @Test
    @Checks("s6-own-entries-only")
    void withOneCopyPerKeyTheNodesRangesPartitionTheKeys(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        Set<String> written = new TreeSet<>();
        for (int i = 0; i < 60; i++) {
            String key = "own-" + i;
            c.put(i % 3, key, key.getBytes(StandardCharsets.UTF_8), 1, 1).assertStatus(201);
            written.add(key);
        }
        List<String> all = new ArrayList<>();
        for (int node = 0; node < 3; node++) {
            all.addAll(RangeReader.keys(cluster.directUrl(node), "own-", null));
        }
        assertEquals(
                new HashSet<>(all).size(),
                all.size(),
                "a key written with from=1 was streamed by more than one node: " + all);
        assertEquals(written, new TreeSet<>(all), "the union of the nodes' ranges");
    }
}
