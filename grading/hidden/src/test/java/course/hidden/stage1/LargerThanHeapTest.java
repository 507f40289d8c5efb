package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A database four times larger than the node's heap (256 MiB of values into a -Xmx64m JVM) is written, read back
 * and survives a restart: storage must live on disk, not in memory.
 */
@Stage(1)
class LargerThanHeapTest {
    static final int VALUE_BYTES = 256 << 10;
    static final int VALUES = 1024;

    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "64m", jvm = NodeJvm.AS_RUN)
    @Checks("s1-larger-than-heap")
    void databaseFourTimesTheHeap(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        for (int i = 0; i < VALUES; i++) {
            c.put(0, key(i), SeededValues.of(seed.value(), i, VALUE_BYTES)).assertStatus(201);
        }
        for (int i = 0; i < VALUES; i += 7) {
            c.get(0, key(i)).assertBody(200, SeededValues.of(seed.value(), i, VALUE_BYTES));
        }
        cluster.restart(0);
        for (int i = 3; i < VALUES; i += 11) {
            c.get(0, key(i)).assertBody(200, SeededValues.of(seed.value(), i, VALUE_BYTES));
        }
        c.get(0, key(VALUES - 1)).assertBody(200, SeededValues.of(seed.value(), VALUES - 1, VALUE_BYTES));
    }

    private static String key(int i) {
        return "heavy-" + i;
    }
}
