package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.history.ConcurrentHistory;
import course.hidden.history.Operation;
import course.hidden.history.RegisterCheck;
import course.hidden.history.Timeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Several clients write and read a few keys at once through every node (default ack/from) while the links to two
 * nodes are slow by different amounts, so that writes of one key reach some replicas out of order. The whole history,
 * over all clients, must keep stage 4's promises (see {@link RegisterCheck}); when it does not, a timeline of the
 * history is written next to the results and named in the failure.
 */
@Stage(4)
@WithCluster(nodes = 3, proxied = true, jvm = NodeJvm.QUICK_START)
class ConcurrentClientsHistoryTest {
    private static final int CLIENTS = 4;
    private static final int KEYS = 3;
    private static final int ROUNDS = 3;
    private static final int OPERATIONS_PER_CLIENT = 50;
    /** Longer than any delay below, there and back, so every replica write has arrived when writes stop. */
    private static final Duration SETTLE = Duration.ofSeconds(1);

    @Test
    @Checks({"s4-quorum-read-sees-write", "s4-replicas-converge", "s4-replica-keeps-newer", "s4-ties"})
    void concurrentClientsSeeAcknowledgedWritesAndReplicasAgreeOnceWritesStop(Cluster cluster, Seed seed)
            throws Exception {
        KvClient client = cluster.client().withTimeout(Duration.ofSeconds(5));
        Random random = seed.random();
        ConcurrentHistory history = new ConcurrentHistory();
        for (int round = 0; round < ROUNDS; round++) {
            int slow = random.nextInt(3);
            int slower = (slow + 1 + random.nextInt(2)) % 3;
            Duration slowBy = Duration.ofMillis(5 + random.nextInt(15));
            Duration slowerBy = Duration.ofMillis(25 + random.nextInt(35));
            cluster.proxy(slow).delay(slowBy);
            cluster.proxy(slower).delay(slowerBy);
            long faultFrom = history.now();
            writeAndReadConcurrently(client, history, new Random(random.nextLong()));
            cluster.proxy(slow).heal();
            cluster.proxy(slower).heal();
            long writesStopped = history.now();
            history.fault(
                    "links to node " + slow + " +" + slowBy.toMillis() + " ms, node " + slower + " +"
                            + slowerBy.toMillis() + " ms",
                    faultFrom,
                    writesStopped);
            Thread.sleep(SETTLE.toMillis());
            readEveryKeyThroughEveryNode(client, history);
        }
        List<Operation> ops = history.operations();
        List<RegisterCheck.Violation> violations = new ArrayList<>(RegisterCheck.staleReads(ops));
        violations.addAll(RegisterCheck.divergentReplicas(ops));
        long quorumReads = ops.stream()
                .filter(o -> o.kind() == Operation.Kind.GET && o.succeeded())
                .count();
        assertTrue(
                quorumReads >= ROUNDS * CLIENTS * OPERATIONS_PER_CLIENT / 4,
                "only " + quorumReads
                        + " quorum reads were answered 200 or 404, of " + ops.size()
                        + " requests: too few to check anything;"
                        + " the others: "
                        + ops.stream()
                                .filter(o -> !o.succeeded())
                                .limit(5)
                                .map(Operation::describe)
                                .collect(Collectors.joining("; ")));
        if (!violations.isEmpty()) {
            String file = "stage4-concurrent-history-seed" + seed.value() + ".html";
            Timeline.write(
                    artifacts().resolve(file),
                    "Stage 4: " + CLIENTS + " concurrent clients, seed " + seed.value(),
                    history,
                    violations);
            fail(violations.size() + " of " + ops.size() + " operations broke stage 4's promises under concurrent "
                    + "clients; the history is drawn in " + shownAs(file) + "\n  "
                    + violations.stream()
                            .limit(5)
                            .map(RegisterCheck.Violation::describe)
                            .collect(Collectors.joining("\n  ")));
        }
    }

    private static void writeAndReadConcurrently(KvClient client, ConcurrentHistory history, Random random)
            throws InterruptedException {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int id = c;
            long clientSeed = random.nextLong();
            Thread t = new Thread(
                    () -> {
                        try {
                            oneClient(id, client, history, new Random(clientSeed));
                        } catch (Throwable e) {
                            failures.add(e);
                        }
                    },
                    "history-client-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a client thread failed", failures.peek());
        }
    }

    private static void oneClient(int id, KvClient client, ConcurrentHistory history, Random random) {
        for (int i = 0; i < OPERATIONS_PER_CLIENT; i++) {
            String key = "ch" + random.nextInt(KEYS);
            int node = random.nextInt(3);
            int kind = random.nextInt(10);
            long sent = history.now();
            if (kind < 4) {
                byte[] value = ("c" + id + "-" + i + "-" + random.nextInt(1_000_000)).getBytes(StandardCharsets.UTF_8);
                Reply r = client.put(node, key, value);
                history.record(id, Operation.Kind.PUT, key, node, value, r, sent, history.now());
            } else if (kind == 4) {
                Reply r = client.delete(node, key);
                history.record(id, Operation.Kind.DELETE, key, node, null, r, sent, history.now());
            } else {
                Reply r = client.get(node, key);
                history.record(id, Operation.Kind.GET, key, node, null, r, sent, history.now());
            }
        }
    }

    private static void readEveryKeyThroughEveryNode(KvClient client, ConcurrentHistory history) {
        for (int k = 0; k < KEYS; k++) {
            for (int node = 0; node < 3; node++) {
                for (int again = 0; again < 2; again++) {
                    long sent = history.now();
                    Reply r = client.get(node, "ch" + k, 1, 3);
                    history.record(CLIENTS, Operation.Kind.GET_ONE, "ch" + k, node, null, r, sent, history.now());
                }
            }
        }
    }

    /**
     * The file as the reader will find it: in a grade, in the grade's folder of failure files (its name, given by the
     * grader, relative to the grade document); else in the temp folder of the machine the test ran on.
     */
    private static String shownAs(String file) throws IOException {
        String shown = System.getProperty("course.artifactsShownAs");
        return shown != null && !shown.isBlank()
                ? Path.of(shown, file) + " (the grade's folder of failure files, next to the grade document)"
                : artifacts().resolve(file).toString();
    }

    /** Where files that explain a failure go: the grader carries them out of its sandbox; else the temp folder. */
    private static Path artifacts() throws IOException {
        String dir = System.getProperty("course.artifactsDir");
        return dir != null && !dir.isBlank()
                ? Path.of(dir)
                : Path.of(System.getProperty("java.io.tmpdir"), "course-artifacts");
    }
}
