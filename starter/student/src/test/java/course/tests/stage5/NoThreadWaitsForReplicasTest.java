package course.tests.stage5;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The coordinator does not park a thread while it waits for replicas. Node 1 is made slow (every byte to and from
 * it is delayed by 1 s) and node 0 coordinates requests that must hear from node 1: while they are in flight, no
 * thread of node 0 (in its own JVM, when nodes run in JVMs of their own) waits for a future, and requests that do not
 * need node 1 are not held up by them.
 */
@Stage(5)
// QUICK_START: which threads wait is the design's, not the compiler's, and the proxy's delay makes the timings
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class NoThreadWaitsForReplicasTest {
    /** The slow replica's delay on an idle machine; a busy one gets 10 times a request's usual time, up to 3 s. */
    static final Duration DELAY = Duration.ofSeconds(1);

    static final Duration MAX_DELAY = Duration.ofSeconds(3);
    /** More requests waiting for the slow replica than a blocking coordinator has threads for. */
    static final int WAITING_REQUESTS = 24;

    @Test
    @Checks("s5-no-blocking")
    void noThreadIsParkedOnAReplicaWhileRequestsToASlowOneAreInFlight(Cluster cluster) throws Exception {
        Duration delay = warmUp(cluster);
        cluster.proxy(1).delay(delay);
        try (InFlight inFlight = new InFlight()) {
            for (int i = 0; i < WAITING_REQUESTS; i++) {
                inFlight.get(cluster.directUrl(0) + KvClient.entity("key-" + (i % 4), "ack=3&from=3"));
            }
            Thread.sleep(delay.toMillis() / 2);
            ThreadDump dump = ThreadDump.take(cluster, 0);
            List<String> waiting = dump.submissionThreadsWaitingForResults();
            assertEquals(
                    List.of(),
                    waiting,
                    waiting.size() + " of " + dump.size() + " threads of your code wait "
                            + "for a result while " + inFlight.count()
                            + " requests to a slow replica are in flight: send "
                            + "replica requests asynchronously and answer the client from the thread that completes the "
                            + "quorum (CompletableFuture callbacks), never with get()/join() or a synchronous HTTP call");
        }
    }

    @Test
    @Checks({"s5-no-blocking", "s4-parallel"})
    void requestsWithFastReplicasAreNotQueuedBehindOnesWaitingForASlowReplica(Cluster cluster) throws Exception {
        Duration delay = warmUp(cluster);
        // Well under the delay: a request queued behind ones that wait for the slow replica needs at least the delay.
        Duration fastEnough = delay.multipliedBy(7).dividedBy(10);
        cluster.proxy(1).delay(delay);
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(5));
        try (InFlight inFlight = new InFlight()) {
            for (int i = 0; i < WAITING_REQUESTS; i++) {
                inFlight.get(cluster.directUrl(0) + KvClient.entity("key-" + (i % 4), "ack=3&from=3"));
            }
            long waitingSince = System.nanoTime(); // every waiting request is in node 0's sockets
            Thread.sleep(100);
            for (int k = 0; k < 3; k++) {
                // The first GET is timed from then: a blocking coordinator frees its first worker a delay after the
                // waiting requests came, so a GET that went out late on a busy machine waited less, and could pass.
                long start = k == 0 ? waitingSince : System.nanoTime();
                Reply reply = c.get(0, "key-" + k, 2, 3);
                long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
                reply.assertBody(200, "value");
                assertTrue(
                        millis < fastEnough.toMillis(),
                        reply.request() + " (which has two fast replicas) "
                                + (k == 0
                                        ? "was answered " + millis + " ms after the waiting requests were sent"
                                        : "took " + millis + " ms")
                                + " while " + WAITING_REQUESTS
                                + " requests waited for a replica delayed by "
                                + delay.toMillis() + " ms: threads that wait for replicas leave none for new requests");
            }
        }
    }

    /**
     * Keys on all three nodes, and connections between the nodes open, before node 1 turns slow. Returns the delay
     * to give node 1: 1 s, or 10 times what a PUT to all three replicas takes on this machine now, up to 3 s.
     */
    private static Duration warmUp(Cluster cluster) {
        KvClient c = cluster.client();
        for (int k = 0; k < 4; k++) {
            c.put(0, "key-" + k, "value".getBytes(StandardCharsets.UTF_8), 3, 3).assertStatus(201);
        }
        Duration usual = Baseline.median(5, () -> c.put(0, "key-0", "value".getBytes(StandardCharsets.UTF_8), 3, 3));
        return Baseline.scaled(usual, 10, DELAY, MAX_DELAY);
    }
}
