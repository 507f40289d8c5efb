package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.WhileBusy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Writes of one key sent at the same moment through every node, each to all three replicas (ack=3): once all are
 * acknowledged, every replica keeps the same one. Two coordinators may stamp their writes with the same timestamp
 * (a coarse clock makes that common), and the replicas receive the writes in different orders (each coordinator
 * writes its own copy first), so only a tie-break that every node makes the same way leaves them agreeing.
 */
@Stage(4)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START)
class SimultaneousWritesTest {
    private static final int KEYS = 40;
    private static final int NODES = 3;

    @Test
    @Checks({"s4-ties", "s4-replicas-converge"})
    void writesOfOneKeyThroughEveryNodeAtOnceLeaveTheReplicasAgreeing(Cluster cluster) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        CyclicBarrier together = new CyclicBarrier(NODES);
        try (ExecutorService writers = Executors.newFixedThreadPool(NODES)) {
            List<Future<?>> done = new ArrayList<>();
            for (int node = 0; node < NODES; node++) {
                int through = node;
                done.add(writers.submit(() -> {
                    try {
                        for (int k = 0; k < KEYS; k++) {
                            together.await(30, TimeUnit.SECONDS);
                            byte[] value = ("through node " + through).getBytes(StandardCharsets.UTF_8);
                            String key = key(k);
                            // A write all three replicas must acknowledge goes again while the node says it is
                            // busy (503) or a replica answered later than it waits (504): on a busy machine a
                            // correct cluster does both, and the point here is which write the replicas keep.
                            WhileBusy.send(
                                            () -> c.put(through, key, value, NODES, NODES),
                                            Set.of(503, 504),
                                            3,
                                            Duration.ofMillis(300))
                                    .assertStatus(201);
                        }
                        return null;
                    } catch (Throwable t) {
                        together.reset(); // the other writers stop at once instead of waiting 30 s for this one
                        throw t;
                    }
                }));
            }
            awaitAll(done);
        }
        // Every replica has every write now. A read with ack=1 gets the first answer, nearly always the
        // coordinator's own copy: two reads through each node see what the replicas keep.
        List<String> disagreeing = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            Set<String> answers = new TreeSet<>();
            for (int node = 0; node < NODES; node++) {
                for (int again = 0; again < 2; again++) {
                    Reply r = c.get(node, key(k), 1, NODES);
                    answers.add(r.status() + " " + r.bodyText());
                }
            }
            if (answers.size() > 1) {
                disagreeing.add(key(k) + ": " + answers);
            }
        }
        assertEquals(
                List.of(),
                disagreeing,
                "after writes of one key through all " + NODES + " nodes at once, each acknowledged by all replicas,"
                        + " reads with ack=1 through each node must give one answer: break ties between equal"
                        + " timestamps the same way on every node (e.g. a deletion wins, then the larger value), not"
                        + " by which write arrived last");
    }

    /**
     * Waits for every writer; throws what the first one to fail threw. The others then end at the barrier this one
     * broke, or at its 30-s limit while the one that failed was still sending: their {@link BrokenBarrierException}
     * or {@link TimeoutException} says nothing of why (a grade once reported only a writer's 30-s wait at the
     * barrier, which hid what stopped the one before).
     */
    private static void awaitAll(List<Future<?>> writers) throws Exception {
        Throwable first = null;
        for (Future<?> f : writers) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (first == null || waitedAtTheBarrier(first)) {
                    first = e.getCause();
                }
            }
        }
        if (first instanceof Exception e) {
            throw e;
        }
        if (first instanceof Error e) {
            throw e;
        }
    }

    private static boolean waitedAtTheBarrier(Throwable t) {
        return t instanceof BrokenBarrierException || t instanceof TimeoutException;
    }

    private static String key(int k) {
        return "simultaneous-" + k;
    }
}
