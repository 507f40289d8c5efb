package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.Seed;
import course.hidden.SeededValues;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A burst of large PUTs into node 0 of a cluster: {@value #CONNECTIONS} keep-alive connections each PUT
 * {@value #PUTS_PER_CONNECTION} values at once. The node may refuse some (503, or 413) but must answer every request,
 * stay alive, store what it acknowledged and answer normal requests right after. In a cluster, a value node 0 forwards
 * may also get 504 with its reason: the burst keeps the other nodes as busy as node 0, and on a saturated machine an
 * owner was seen to answer later than the 1 s the reference waits (4 of 640 PUTs, in a suite run), which the stage-3
 * statement allows. The burst is bounded in time so a
 * hanging node fails the test, not stalls it.
 */
public final class LargeValueBurst {
    public static final int CONNECTIONS = 64;
    public static final int PUTS_PER_CONNECTION = 10;
    /** Distinct values; the connections share them so the test's own heap stays small. */
    static final int DISTINCT_VALUES = 8;

    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(20);
    static final Duration BURST_LIMIT = Duration.ofSeconds(75);

    private LargeValueBurst() {}

    /** Runs the burst of {@code valueBytes} values, chunked or with a Content-Length, and checks what it must. */
    public static void run(Cluster cluster, Seed seed, boolean chunked, int valueBytes) throws Exception {
        URI node = URI.create(cluster.url(0));
        byte[][] values = new byte[DISTINCT_VALUES][];
        for (int v = 0; v < DISTINCT_VALUES; v++) {
            values[v] = SeededValues.of(seed.value(), v, valueBytes);
        }
        Map<Integer, Integer> statuses = Collections.synchronizedMap(new TreeMap<>());
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        List<String> stored = Collections.synchronizedList(new ArrayList<>());
        List<KeepAliveConnection> connections = new ArrayList<>();
        for (int c = 0; c < CONNECTIONS; c++) {
            connections.add(new KeepAliveConnection(node.getHost(), node.getPort(), (int) ANSWER_TIMEOUT.toMillis()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS);
        for (int c = 0; c < CONNECTIONS; c++) {
            int id = c;
            pool.execute(() -> putInALoop(
                    connections.get(id), id, values, chunked, cluster.size() > 1, statuses, problems, stored));
        }
        pool.shutdown();
        boolean finished = pool.awaitTermination(BURST_LIMIT.toSeconds(), TimeUnit.SECONDS);
        connections.forEach(KeepAliveConnection::close); // unblocks writes to a node that stopped reading
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);

        String summary = CONNECTIONS + " connections x " + PUTS_PER_CONNECTION + (chunked ? " chunked" : "")
                + " PUTs of " + (valueBytes >> 20) + " MiB into node 0 at -Xmx128m; answers by status " + statuses;
        System.out.println(summary);
        assertTrue(
                cluster.isRunning(0),
                "the node is no longer running after the burst (" + summary
                        + "): it must refuse what does not fit in memory (503) instead of dying; its log:\n"
                        + cluster.logs());
        if (!finished) {
            problems.add(0, "the burst did not end within " + BURST_LIMIT.toSeconds() + " s: requests went unanswered");
        }
        if (!problems.isEmpty()) {
            fail(summary + "; " + problems.size() + " problems, the first: "
                    + problems.subList(0, Math.min(5, problems.size()))
                    + ". Every request must be answered (201, or 503/413 with a reason"
                    + (cluster.size() > 1 ? ", or 504 with one when an owner is late" : "")
                    + ") even when the bodies in flight exceed the heap.");
        }
        assertTrue(
                statuses.getOrDefault(201, 0) > 0,
                "no PUT of the burst was stored (" + summary + "): a node may refuse part of a burst, not all of it");

        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(10));
        for (int i = 0; i < 20; i++) {
            c.put(0, "after-burst-" + i, "small-" + i).assertStatus(201);
            c.get(0, "after-burst-" + i).assertBody(200, "small-" + i);
        }
        String key = stored.get(0);
        int valueIndex = Integer.parseInt(key.substring(key.lastIndexOf('-') + 1));
        c.get(0, key).assertBody(200, values[valueIndex]);
    }

    private static void putInALoop(
            KeepAliveConnection connection,
            int id,
            byte[][] values,
            boolean chunked,
            boolean forwarding,
            Map<Integer, Integer> statuses,
            List<String> problems,
            List<String> stored) {
        for (int i = 0; i < PUTS_PER_CONNECTION && !Thread.currentThread().isInterrupted(); i++) {
            int valueIndex = (id + i) % DISTINCT_VALUES;
            String key = "burst-" + id + "-" + i + "-" + valueIndex;
            KeepAliveConnection.Answer answer;
            try {
                answer = chunked
                        ? connection.putChunked(KvClient.entity(key, null), values[valueIndex])
                        : connection.put(KvClient.entity(key, null), values[valueIndex]);
            } catch (Exception e) {
                problems.add("connection " + id + ", PUT " + i + ": no answer (" + e + ")");
                return;
            }
            statuses.merge(answer.status(), 1, Integer::sum);
            if (answer.status() == 201) {
                stored.add(key);
            } else if (answer.status() == 503 || answer.status() == 413 || (forwarding && answer.status() == 504)) {
                if (answer.body().isEmpty()) {
                    problems.add("connection " + id + ": " + answer.status() + " without a reason in its body");
                }
            } else {
                problems.add("connection " + id + ": status " + answer.status() + " (" + answer.body() + ")");
            }
        }
    }
}
