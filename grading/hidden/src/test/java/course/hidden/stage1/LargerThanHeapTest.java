package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * and survives a restart: storage must live on disk, not in memory. Tables of 16 MiB values merge without the heap
 * holding their values.
 */
@Stage(1)
class LargerThanHeapTest {
    static final int VALUE_BYTES = 256 << 10;
    static final int VALUES = 1024;
    static final int LARGE_VALUE_BYTES = 16 << 20;
    static final int LARGE_VALUES = 12;

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

    /**
     * Twelve values of the largest size a node takes, one memtable's worth each: the engine merges a run of those
     * tables while they are read back. A merge that holds every table's value needs twice the heap and ends the node.
     */
    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN)
    @Checks("s1-merge-memory")
    void tablesOfLargeValuesMergeWithinTheHeap(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        for (int i = 0; i < LARGE_VALUES; i++) {
            c.put(0, "large-" + i, SeededValues.of(seed.value(), i, LARGE_VALUE_BYTES))
                    .assertStatus(201);
        }
        for (int i = 0; i < LARGE_VALUES; i++) {
            c.get(0, "large-" + i).assertBody(200, SeededValues.of(seed.value(), i, LARGE_VALUE_BYTES));
        }
        assertTrue(
                cluster.isRunning(0),
                "the node died while merging tables of " + (LARGE_VALUE_BYTES >> 20) + " MiB values: a merge must not"
                        + " hold each table's value at once; its log:\n" + cluster.logs());
    }

    private static String key(int i) {
        return "heavy-" + i;
    }
}
