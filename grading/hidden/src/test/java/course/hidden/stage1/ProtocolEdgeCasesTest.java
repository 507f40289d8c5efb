package course.hidden.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeModel;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Corners of the stage-1 protocol that the public tests leave out. */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
class ProtocolEdgeCasesTest {
    @Test
    @Checks({"s1-id-bytes", "c-get-live-value"})
    void keysThatArePrefixesOfEachOtherStayApart(Cluster cluster) {
        NodeModel model = new NodeModel(cluster.client());
        model.put("a", "1");
        model.put("ab", "2");
        model.put("A", "3");
        model.delete("ab");
        model.assertEveryKey();
        model.assertRead("abc");
    }

    @Test
    @Checks("s1-id-bytes")
    void aLongKey(Cluster cluster) {
        KvClient c = cluster.client();
        String key = "long-".repeat(200);
        c.put(0, key, "long key").assertStatus(201);
        c.get(0, key).assertBody(200, "long key");
        c.get(0, key.substring(1)).assertStatus(404);
        // Two long keys that differ only at their end are two keys.
        c.put(0, key + "-x", "x").assertStatus(201);
        c.put(0, key + "-y", "y").assertStatus(201);
        c.get(0, key + "-x").assertBody(200, "x");
        c.get(0, key).assertBody(200, "long key");
    }

    @Test
    @Checks("s1-id-bytes")
    void nonLatinKeysStayApart(Cluster cluster) {
        NodeModel model = new NodeModel(cluster.client());
        for (String[] entry : new String[][] {{"\u4e2d", "zhong"}, {"\u6587", "wen"}, {"\u00e9", "e-acute"}}) {
            model.put(entry[0], entry[1]);
        }
        model.assertEveryKey();
        model.assertRead("?");
    }

    /** Never shown: its name would tell how the id is looked up. */
    @Test
    @Tag("visibility-never")
    @Checks({"s1-query-shapes", "s3-unknown-parameters"})
    void idIsFoundAmongOtherParameters(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "PUT", "/v0/entity?x=1&id=among", "v".getBytes(StandardCharsets.UTF_8))
                .assertStatus(201);
        c.get(0, "among").assertBody(200, "v");
    }

    @Test
    @Checks({"s1-empty-value", "s1-restart-same-object"})
    void emptyValueIsNotConfusedWithDeletionAcrossRestart(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        c.put(0, "e", new byte[0]).assertStatus(201);
        cluster.restart(0);
        c.get(0, "e").assertBody(200, new byte[0]);
        c.delete(0, "e").assertStatus(202);
        cluster.restart(0);
        c.get(0, "e").assertStatus(404);
    }
}
