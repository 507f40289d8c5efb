package course.tests.stage1;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The stage-1 protocol on one node: statuses, bodies and edge cases of GET/PUT/DELETE /v0/entity. The tests share one
 * node ({@link WithCluster#perClass()}); each reads only keys it wrote or that no test writes. The first test asks a
 * node it has just started, so it has one of its own.
 */
@Stage(1)
@WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START, perClass = true)
class EntityProtocolTest {
    @Test
    @WithCluster(nodes = 1, jvm = NodeJvm.QUICK_START)
    @Checks({"s1-get", "s1-start-returns", "c-start-returns", "s1-serves-http"})
    void getOfAnAbsentKeyIs404(Cluster cluster) {
        cluster.client().get(0, "never-written").assertStatus(404);
    }

    @Test
    @Checks({"s1-put-201", "s1-get"})
    void putThenGetReturnsTheExactBytes(Cluster cluster) {
        KvClient c = cluster.client();
        c.put(0, "k1", "hello").assertStatus(201);
        c.get(0, "k1").assertBody(200, "hello");
    }

    @Test
    @Checks("s1-put-201")
    void putOverwrites(Cluster cluster) {
        KvClient c = cluster.client();
        c.put(0, "overwritten", "first").assertStatus(201);
        c.put(0, "overwritten", "second").assertStatus(201);
        c.get(0, "overwritten").assertBody(200, "second");
    }

    @Test
    @Checks("s1-delete-202")
    void deleteRemovesAndIs202EvenWhenAbsent(Cluster cluster) {
        KvClient c = cluster.client();
        c.put(0, "deleted", "v").assertStatus(201);
        c.delete(0, "deleted").assertStatus(202);
        c.get(0, "deleted").assertStatus(404);
        c.delete(0, "deleted").assertStatus(202);
        c.delete(0, "never-written").assertStatus(202);
    }

    @Test
    @Checks({"s1-put-201", "s1-delete-202"})
    void writeAfterDeleteIsVisible(Cluster cluster) {
        KvClient c = cluster.client();
        c.put(0, "rewritten", "v1").assertStatus(201);
        c.delete(0, "rewritten").assertStatus(202);
        c.put(0, "rewritten", "v2").assertStatus(201);
        c.get(0, "rewritten").assertBody(200, "v2");
    }

    @Test
    @Checks("s1-empty-value")
    void emptyValueIsStoredNotDeleted(Cluster cluster) {
        KvClient c = cluster.client();
        c.put(0, "empty", new byte[0]).assertStatus(201);
        c.get(0, "empty").assertBody(200, new byte[0]);
    }

    @Test
    @Checks({"s1-id-400", "c-requests-answered"})
    void missingOrEmptyIdIs400(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "GET", "/v0/entity", null).assertStatus(400);
        c.send(0, "GET", "/v0/entity?id=", null).assertStatus(400);
        c.send(0, "PUT", "/v0/entity?id=", "v".getBytes(StandardCharsets.UTF_8)).assertStatus(400);
        c.send(0, "DELETE", "/v0/entity", null).assertStatus(400);
    }

    @Test
    @Checks("s1-path-400")
    void unknownPathIs400(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "GET", "/v0/nothing?id=k", null).assertStatus(400);
        c.send(0, "GET", "/", null).assertStatus(400);
    }

    @Test
    @Checks("s1-method-405")
    void otherMethodsAre405(Cluster cluster) {
        KvClient c = cluster.client();
        c.send(0, "POST", "/v0/entity?id=k", "v".getBytes(StandardCharsets.UTF_8))
                .assertStatus(405);
        c.send(0, "PATCH", "/v0/entity?id=k", "v".getBytes(StandardCharsets.UTF_8))
                .assertStatus(405);
    }

    @Test
    @Checks({"s1-values-bytes", "s1-get"})
    void everyByteValueComesBackExactly(Cluster cluster) {
        byte[] all = new byte[256 * 4];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        KvClient c = cluster.client();
        c.put(0, "binary", all).assertStatus(201);
        c.get(0, "binary").assertBody(200, all);
    }

    @Test
    @Checks("s1-values-bytes")
    void oneMebibyteValue(Cluster cluster, Seed seed) {
        byte[] big = new byte[1 << 20];
        new Random(seed.value()).nextBytes(big);
        KvClient c = cluster.client();
        c.put(0, "big", big).assertStatus(201);
        c.get(0, "big").assertBody(200, big);
    }

    @Test
    @Checks("s1-id-bytes")
    void urlEncodedKeysAreDecoded(Cluster cluster) {
        KvClient c = cluster.client();
        String key = "a b/c?d=e&f+g%h\u00e9\u4e2d";
        c.put(0, key, "odd key").assertStatus(201);
        c.get(0, key).assertBody(200, "odd key");
        // The same key written with a different but equivalent encoding is the same key.
        c.send(0, "GET", "/v0/entity?id=%41%42", null).assertStatus(404);
        c.put(0, "AB", "ab").assertStatus(201);
        c.send(0, "GET", "/v0/entity?id=%41%42", null).assertBody(200, "ab");
        // Keys that differ only by a character that needs encoding stay different.
        c.get(0, "a b").assertStatus(404);
    }

    @Test
    @Checks({"s1-get", "c-get-live-value"})
    void keysAreIndependent(Cluster cluster) {
        KvClient c = cluster.client();
        for (int i = 0; i < 100; i++) {
            c.put(0, "key" + i, "value" + i).assertStatus(201);
        }
        for (int i = 0; i < 100; i++) {
            c.get(0, "key" + i).assertBody(200, "value" + i);
        }
        c.get(0, "key").assertStatus(404);
        c.get(0, "key100").assertStatus(404);
    }
}
