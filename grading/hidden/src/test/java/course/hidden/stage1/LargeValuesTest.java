package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import org.junit.jupiter.api.Test;

/** Values of every awkward size up to 4 MiB come back byte for byte, also after a restart and when overwritten. */
@Stage(1)
@WithCluster(nodes = 1)
class LargeValuesTest {
    static final int[] SIZES = {1, (64 << 10) - 1, 64 << 10, (64 << 10) + 1, (1 << 20) + 7, 4 << 20};

    @Test
    @Checks("s1-values-bytes")
    void valuesUpToFourMebibytesRoundTrip(Cluster cluster, Seed seed) {
        KvClient c = cluster.client();
        for (int i = 0; i < SIZES.length; i++) {
            c.put(0, "size-" + SIZES[i], SeededValues.of(seed.value(), i, SIZES[i]))
                    .assertStatus(201);
        }
        for (int i = 0; i < SIZES.length; i++) {
            c.get(0, "size-" + SIZES[i]).assertBody(200, SeededValues.of(seed.value(), i, SIZES[i]));
        }
    }

    @Test
    @Checks({"s1-values-bytes", "s1-restart-same-object"})
    void largeValuesSurviveRestart(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client();
        for (int i = 0; i < 3; i++) {
            c.put(0, "big-" + i, SeededValues.of(seed.value(), i, 4 << 20)).assertStatus(201);
        }
        cluster.restart(0);
        for (int i = 0; i < 3; i++) {
            c.get(0, "big-" + i).assertBody(200, SeededValues.of(seed.value(), i, 4 << 20));
        }
    }

    @Test
    @Checks({"s1-values-bytes", "s1-empty-value"})
    void largeValueOverwrittenBySmallAndEmpty(Cluster cluster, Seed seed) {
        KvClient c = cluster.client();
        c.put(0, "shrinks", SeededValues.of(seed.value(), 1, 4 << 20)).assertStatus(201);
        c.put(0, "shrinks", "tiny").assertStatus(201);
        c.get(0, "shrinks").assertBody(200, "tiny");
        c.put(0, "shrinks", new byte[0]).assertStatus(201);
        c.get(0, "shrinks").assertBody(200, new byte[0]);
    }
}
