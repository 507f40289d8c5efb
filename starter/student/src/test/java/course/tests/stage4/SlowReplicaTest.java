package course.tests.stage4;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Baseline;
import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A replica that is slow (the harness delays every byte to and from it by 1 s, longer on a busy machine) does not
 * slow a request that has enough fast replicas: with ack=2 of from=3, the coordinator and the other fast replica are
 * enough.
 */
@Stage(4)
// QUICK_START: the proxy's delay makes the timings; the node's own speed adds milliseconds
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class SlowReplicaTest {
    /** The slow replica's delay on an idle machine; a busy one gets 10 times a request's usual time, up to 3 s. */
    static final Duration DELAY = Duration.ofSeconds(1);

    static final Duration MAX_DELAY = Duration.ofSeconds(3);

    @Test
    @Checks("s4-parallel")
    void aSlowReplicaDoesNotSlowRequestsThatHaveAckFastOnes(Cluster cluster) {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        // Warm up: connections between the nodes are open before the replica turns slow.
        c.put(0, "warm", bytes("up"), 3, 3).assertStatus(201);
        Duration usual = Baseline.median(5, () -> c.put(0, "warm", bytes("up"), 3, 3));
        Duration delay = Baseline.scaled(usual, 10, DELAY, MAX_DELAY);
        // Well under the delay: a coordinator that waits for the slow replica needs at least the delay.
        Duration fastEnough = delay.multipliedBy(7).dividedBy(10);
        cluster.proxy(1).delay(delay);
        for (int k = 0; k < 3; k++) {
            String key = "slow-" + k;
            byte[] value = bytes("value " + k);
            timed("PUT ack=2&from=3", delay, fastEnough, () -> c.put(0, key, value, 2, 3))
                    .assertStatus(201);
            timed("GET ack=2&from=3", delay, fastEnough, () -> c.get(0, key, 2, 3))
                    .assertBody(200, value);
            timed("DELETE ack=2&from=3", delay, fastEnough, () -> c.delete(2, key, 2, 3))
                    .assertStatus(202);
        }
    }

    private static Reply timed(String what, Duration delay, Duration fastEnough, Supplier<Reply> request) {
        long start = System.nanoTime();
        Reply reply = request.get();
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertTrue(
                millis < fastEnough.toMillis(),
                what + " took " + millis + " ms with one of three replicas "
                        + "delayed by " + delay.toMillis()
                        + " ms: answer as soon as ack replicas answered, do not wait "
                        + "for the slow one (" + reply.request() + " -> " + reply.describeAnswer() + ")");
        return reply;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
