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
    static final SeededKeys HEAVY = new SeededKeys("heavy-", 1024, 256 << 10);
    static final SeededKeys LARGE = new SeededKeys("large-", 12, 16 << 20);

    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "64m", jvm = NodeJvm.AS_RUN)
    @Checks("s1-larger-than-heap")
    void databaseFourTimesTheHeap(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        HEAVY.putAll(c, seed);
        for (int i = 0; i < HEAVY.count(); i += 7) {
            HEAVY.assertRead(c, seed, i);
        }
        cluster.restart(0);
        for (int i = 3; i < HEAVY.count(); i += 11) {
            HEAVY.assertRead(c, seed, i);
        }
        HEAVY.assertRead(c, seed, HEAVY.count() - 1);
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
        LARGE.putAll(c, seed);
        for (int i = 0; i < LARGE.count(); i++) {
            LARGE.assertRead(c, seed, i);
        }
        assertTrue(
                cluster.isRunning(0),
                "the node died while merging tables of " + (LARGE.bytes() >> 20) + " MiB values: a merge must not"
                        + " hold each table's value at once; its log:\n" + cluster.logs());
    }

    /**
     * {@code count} values of {@code bytes} each, under the keys {@code prefix} and an index (heavy-0, heavy-1...):
     * each value is a function of the test's seed and its index ({@link SeededValues}), so the test keeps none of
     * them in its heap.
     */
    record SeededKeys(String prefix, int count, int bytes) {
        void putAll(KvClient c, Seed seed) {
            for (int i = 0; i < count; i++) {
                c.put(0, prefix + i, value(seed, i)).assertStatus(201);
            }
        }

        void assertRead(KvClient c, Seed seed, int i) {
            c.get(0, prefix + i).assertBody(200, value(seed, i));
        }

        private byte[] value(Seed seed, int i) {
            return SeededValues.of(seed.value(), i, bytes);
        }
    }
}
