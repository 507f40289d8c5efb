package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Paced;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import course.hidden.WhileBusy;
import course.tests.stage1.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that take their answers slowly, or never, while a normal client goes on working: a handful of slow phones
 * must not take a node down. An answer waits in the node's memory until its client reads it, so a node that holds
 * every large answer for every slow client runs out of heap (8 clients reading a 16 MiB value at 4 MB/s hold 128 MiB,
 * the whole heap). The node may refuse some of them (503 with a reason) but must stay up and keep answering the
 * normal client. The node runs as users run it ({@link NodeJvm#AS_RUN}: G1, where a large array costs whole regions).
 * The tests share one node ({@link WithCluster#perClass()}), as a node in the field serves such clients one after
 * another (each test has keys of its own); a test after one that failed gets a new node. Starting a new one for
 * each test made the stage-4 grade of this class and its replicated subclass 10 s longer (138 s against 128 s).
 */
@Stage(1)
@Paced("clients that read 16 MiB answers at 4 MB/s, or hold them unread")
@WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN, perClass = true)
public class SlowReadersTest {
    private static final int MIB = 1 << 20;
    /** How fast a slow reader takes its answer: 4 MB/s, a phone on a good mobile link. */
    private static final long SLOW_READER_BYTES_PER_SECOND = 4_000_000;
    /** How long the normal client may wait for one answer meanwhile; generous, for a busy grading machine. */
    private static final Duration NORMAL_ANSWER_LIMIT = Duration.ofSeconds(5);
    /**
     * The value the GETs sent together ask for, in MiB: small enough that an engine reads several at once, large
     * enough that an answer never read stays queued and 16 of them do not fit a budget of a quarter of the heap. With
     * 16 MiB the reference engine reads one value at a time (it reads at most an eighth of the heap at once), so the
     * GETs reached the budget one by one, and a node that checks and counts in two steps admitted too many only where
     * a thread lost the CPU between the two: in 9 of 24 rounds on the idle VM, and it passed all 12 rounds of the test
     * in 3 of 10 suite runs. With 4 MiB it admitted too many in 23 of 24 rounds (7 to 13 answers, where one by one it
     * admits 6).
     */
    private static final int MIB_TOGETHER = 4;
    /** GETs sent together in each round (and the most GETs sent one by one: more is never asked together). */
    private static final int CLIENTS_TOGETHER = 16;
    /**
     * Rounds of GETs sent together: at the rate above (1 round in 24 missed it on the idle VM), five rounds all miss a
     * node that checks, then counts, about once in ten million.
     */
    private static final int ROUNDS_TOGETHER = 5;
    /**
     * The setting of a stage-2 node's workers for the GETs sent together ({@link WithCluster#settings}): as many as the
     * GETs, so that they reach the budget at the same moment. With the reference's default of four, beside two busy
     * loops, a node that checks and counts in two steps admitted too many in 3 of 48 rounds and passed two tests of
     * four; with sixteen, in 12 of 36 and passed none. A stage-1 node has no workers and ignores it.
     */
    protected static final String WORKERS_TOGETHER = "course.workers=16";

    @Test
    @Checks("s1-answer-budget")
    void sixteenClientsThatNeverReadAFourMebibyteAnswerLeaveTheNodeServing(Cluster cluster, Seed seed)
            throws Exception {
        clientsThatNeverReadALargeAnswerLeaveTheNodeServing(
                cluster, seed, 16, 4, Duration.ofSeconds(2), () -> {}, () -> {});
    }

    /**
     * {@code clients} GETs of a {@code mib} MiB value, sent at once on connections that are never read, then a normal
     * client; {@code beforeTheGets} runs once the value is stored, {@code afterTheGets} once the node has had them for
     * {@code hold}.
     */
    protected static void clientsThatNeverReadALargeAnswerLeaveTheNodeServing(
            Cluster cluster,
            Seed seed,
            int clients,
            int mib,
            Duration hold,
            Runnable beforeTheGets,
            Runnable afterTheGets)
            throws Exception {
        String key = "large-" + mib;
        byte[] value = stored(cluster, seed, key, mib);
        beforeTheGets.run();
        List<Socket> holders = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                holders.add(sendGetAndNeverRead(cluster, key));
            }
            Thread.sleep(hold.toMillis()); // the node has read the GETs and written what the sockets take
            afterTheGets.run();
            normalClientWorks(cluster, "while " + clients + " clients hold a " + mib + " MiB answer unread", 10);
        } finally {
            closeAll(holders);
        }
        assertAlive(cluster, clients + " clients that never read a " + mib + " MiB answer");
        cluster.client().withTimeout(Duration.ofSeconds(30)).get(0, key).assertBody(200, value);
    }

    @Test
    @Checks("s1-answer-budget")
    void eightClientsReadingSixteenMebibytesAtFourMegabytesASecondLeaveTheNodeServing(Cluster cluster, Seed seed)
            throws Exception {
        byte[] value = stored(cluster, seed, "sixteen", 16);
        ExecutorService readers = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<String>> reads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                reads.add(
                        CompletableFuture.supplyAsync(() -> slowGet(cluster, "sixteen", value.length, true), readers));
            }
            normalClientWorks(cluster, "while 8 clients read a 16 MiB answer at 4 MB/s", 15);
            List<String> outcomes = new ArrayList<>();
            for (CompletableFuture<String> read : reads) {
                outcomes.add(read.get(60, TimeUnit.SECONDS));
            }
            for (String outcome : outcomes) {
                assertTrue(
                        outcome.equals("200 whole") || outcome.startsWith("503 ") || outcome.startsWith("504 "),
                        "each slow reader gets the whole value or a refusal (503, 504) with a reason; got " + outcomes);
            }
        } finally {
            readers.shutdownNow();
        }
        assertAlive(cluster, "8 clients reading a 16 MiB answer at 4 MB/s");
    }

    @Test
    @Checks("s1-answer-budget")
    void twoClientsReadingASixteenMebibyteValueRightAfterItsPutLeaveTheNodeServing(Cluster cluster, Seed seed)
            throws Exception {
        for (int round = 0; round < 3; round++) {
            byte[] value = SeededValues.of(seed.value(), round, 16 * MIB);
            String key = "fresh-" + round;
            KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
            // A replicated PUT whose replicas were slower than the node waits (504, a saturated machine) goes again,
            // and so does one refused while the answers of the tests before still held the node's memory (503: a
            // saturated suite run then saw the readers find nothing). The readers below must find the value stored
            // (201), or nothing where the node still refuses it (503), never half-replicated.
            Reply put = WhileBusy.send(() -> c.put(0, key, value), Set.of(503, 504), 10, Duration.ofMillis(500));
            put.assertStatusIn(201, 503);
            boolean stored = put.status() == 201;
            CompletableFuture<String> a =
                    CompletableFuture.supplyAsync(() -> slowGet(cluster, key, value.length, stored));
            CompletableFuture<String> b =
                    CompletableFuture.supplyAsync(() -> slowGet(cluster, key, value.length, stored));
            normalClientWorks(cluster, "while 2 clients read a 16 MiB value just stored", 3);
            a.get(60, TimeUnit.SECONDS);
            b.get(60, TimeUnit.SECONDS);
            assertAlive(cluster, "2 clients reading a 16 MiB value right after its PUT (round " + round + ")");
        }
    }

    /**
     * Large answers asked for at the same moment are admitted only as far as they fit together: never more than the
     * node admits when the same GETs come one by one. A node that checks the budget when it admits an answer but counts
     * the answer only once it is queued lets two threads that answer together both take the last room (seen at stages
     * 1-3: three 16 MiB answers held against a 32 MiB budget). Each round asks one by one, then 16 at once; the most
     * any one-by-one round admitted is the node's room, whatever budget it chose.
     */
    @Test
    @Checks("s1-answer-budget-together")
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, heap = "128m", jvm = NodeJvm.AS_RUN, settings = WORKERS_TOGETHER)
    protected void largeAnswersAskedForTogetherAreAdmittedOnlyAsFarAsTheyFitOneByOne(Cluster cluster, Seed seed)
            throws Exception {
        int mostAlone = 0;
        List<String> refusals = new ArrayList<>();
        List<Integer> together = new ArrayList<>();
        byte[] value = stored(cluster, seed, "together", MIB_TOGETHER);
        for (int round = 0; round < ROUNDS_TOGETHER; round++) {
            mostAlone = Math.max(mostAlone, admittedOneByOne(cluster, "together", CLIENTS_TOGETHER, refusals));
            Thread.sleep(300); // the node sees the closed connections and gives their answers back
            // Just stored, the value is read from memory: the GETs reach the budget close together, as in the field.
            store(cluster, "together", value);
            together.add(admittedTogether(cluster, "together", CLIENTS_TOGETHER));
            Thread.sleep(300);
        }
        int most = mostAlone;
        assertTrue(
                together.stream().allMatch(n -> n <= most),
                CLIENTS_TOGETHER + " GETs of a " + MIB_TOGETHER + " MiB value sent at once, never read, got " + together
                        + " answers 200 in "
                        + ROUNDS_TOGETHER + " rounds; one"
                        + " by one the node admits at most " + most + " such answers before it answers 503: answers"
                        + " admitted together must fit the budget together (reserve an answer's bytes when you admit"
                        + " it, in one step with the check). The node's refusals of the next GET one by one: "
                        + refusals);
        assertAlive(cluster, "large answers asked for together");
    }

    /**
     * GETs of {@code key} on new connections never read, one after the other until one is not 200: how many were. The
     * answer that was not 200 goes to {@code refusals}, status line and body (a node says there what its budget held).
     */
    private static int admittedOneByOne(Cluster cluster, String key, int most, List<String> refusals) throws Exception {
        List<Socket> holders = new ArrayList<>();
        try {
            for (int i = 0; i < most; i++) {
                Socket s = connectNeverReading(cluster);
                holders.add(s);
                s.getOutputStream().write(getRequest(key));
                String status = statusOf(s);
                if (!status.startsWith("HTTP/1.1 200")) {
                    refusals.add(status + ": " + bodyOf(s, status));
                    return i;
                }
                Thread.sleep(300); // the node has counted this answer before the next GET comes
            }
            return most;
        } finally {
            closeAll(holders);
        }
    }

    /**
     * {@code clients} GETs of {@code key} sent together, never reading more than the status line: how many were 200.
     * Every connection is open, with a thread already waiting to read its status line, before the first GET is
     * written, and the GETs go out in one tight loop, so they reach the node within microseconds of each other. From a
     * thread each that connected, asked and read in turn, they arrived as those threads got the CPU: in a busy suite
     * run a node that checks and counts in two steps then passed all 12 rounds twice in three runs. Read one after
     * another instead, a status line could wait for seconds behind the others on a busy machine, and a stage-4
     * reference closed such a connection once before the test read it. The connections have the tiny receive buffer
     * of those asked one by one: with the buffers a client gets by default, the kernels of node and client took all
     * but about 32 KiB of a 4 MiB answer (the node's send buffer grows to 4 MiB on Linux), so an answer was now and
     * then written whole and its room given back at once, and the stage-1 reference admitted 7 or 10 together in 5 of
     * 20 rounds, 6 one by one (a Python client beside the node; four of five suite runs failed so). With the tiny
     * buffer: 6 in all 35 rounds, half of them beside six busy loops.
     */
    private static int admittedTogether(Cluster cluster, String key, int clients) throws Exception {
        List<Socket> holders = new ArrayList<>();
        ExecutorService readers = Executors.newFixedThreadPool(clients);
        try {
            List<CompletableFuture<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                Socket s = connectNeverReading(cluster);
                holders.add(s);
                answers.add(CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return statusOf(s).startsWith("HTTP/1.1 200");
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        },
                        readers));
            }
            byte[] get = getRequest(key);
            for (Socket s : holders) {
                s.getOutputStream().write(get);
            }
            int ok = 0;
            for (CompletableFuture<Boolean> answer : answers) {
                ok += answer.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }
            return ok;
        } finally {
            readers.shutdownNow();
            closeAll(holders);
        }
    }

    /** The status line of the answer on {@code socket}, read alone: the rest of the answer stays unread. */
    private static String statusOf(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        String status = RawHttp.readLine(socket.getInputStream());
        if (status == null) {
            throw new AssertionError("a GET of a 16 MiB value got no answer: the connection closed");
        }
        return status;
    }

    /**
     * {@code rounds} PUT+GET pairs of a small value, each answer within {@link #NORMAL_ANSWER_LIMIT}. A request the
     * node refuses as busy (503: its queue's deadline passed while the readers' answers took the CPU of a saturated
     * machine, seen in a suite run at stage 4) or whose replicas answered too late (504: their 1 s passed, seen in a
     * suite run at stage 4 too) is sent once more: a node that serves answers the second, one whose workers the
     * readers hold refuses both.
     */
    private static void normalClientWorks(Cluster cluster, String when, int rounds) throws InterruptedException {
        KvClient c = cluster.client().withTimeout(NORMAL_ANSWER_LIMIT);
        for (int i = 0; i < rounds; i++) {
            String key = "normal-" + i;
            String small = "small-" + i;
            Reply put = WhileBusy.send(() -> c.put(0, key, small), Set.of(503, 504), 2, Duration.ofMillis(300));
            assertTrue(
                    put.status() == 201,
                    "a normal client's PUT " + when + " got " + put.describeAnswer()
                            + " (each answer within " + NORMAL_ANSWER_LIMIT.toSeconds() + " s); the node's log:\n"
                            + cluster.logs());
            WhileBusy.send(() -> c.get(0, key), Set.of(503, 504), 2, Duration.ofMillis(300))
                    .assertBody(200, small);
            Thread.sleep(300);
        }
    }

    /**
     * The node still runs and stores a small value. A 503 or 504 is a busy node's answer, sent again a few times as
     * the normal client's are: in a suite run on two CPUs a stage-4 reference answered this PUT 503 once ("waited
     * 1059 ms for a worker, longer than the deadline of 1000 ms") right after the readers were done.
     */
    private static void assertAlive(Cluster cluster, String after) {
        assertTrue(
                cluster.isRunning(0),
                "the node is no longer running after " + after + ": answers that slow"
                        + " clients have not taken yet must have a memory budget (refuse with 503 when it is spent); its"
                        + " log:\n" + cluster.logs());
        KvClient c = cluster.client();
        WhileBusy.send(() -> c.put(0, "after", "alive"), Set.of(503, 504), 5, Duration.ofMillis(300))
                .assertStatus(201);
    }

    /** A GET on a connection whose receive buffer is tiny and which is never read from. */
    private static Socket sendGetAndNeverRead(Cluster cluster, String key) throws IOException {
        Socket socket = connectNeverReading(cluster);
        OutputStream out = socket.getOutputStream();
        out.write(getRequest(key));
        out.flush();
        return socket;
    }

    /**
     * The body of a refusal whose status line was read, as text (up to 500 characters): a node says there what its
     * budget held. Only for the failure message: an answer that cannot be read on says so, and the test goes on.
     */
    private static String bodyOf(Socket socket, String statusLine) {
        try {
            socket.setSoTimeout(2000);
            String body = RawHttp.answerAfter(statusLine, socket.getInputStream())
                    .body()
                    .strip();
            return body.length() > 500 ? body.substring(0, 500) : body;
        } catch (IOException | RuntimeException e) {
            return "(the rest of the answer could not be read: " + e + ")";
        }
    }

    /** A connection to node 0 whose receive buffer is tiny: a large answer mostly stays in the node. */
    private static Socket connectNeverReading(Cluster cluster) throws IOException {
        URI node = URI.create(cluster.url(0));
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress(node.getHost(), node.getPort()), 5000);
        return socket;
    }

    private static byte[] getRequest(String key) {
        return ("GET " + KvClient.entity(key, null) + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A GET read at about 4 MB/s: "200 whole" when the whole value came, "503 reason" or "504 reason" when refused;
     * anything else fails the test.
     */
    private static String slowGet(Cluster cluster, String key, int length, boolean stored) {
        URI node = URI.create(cluster.url(0));
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(64 * 1024);
            socket.connect(new InetSocketAddress(node.getHost(), node.getPort()), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream()
                    .write(("GET " + KvClient.entity(key, null)
                                    + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            String status = RawHttp.readLine(in);
            long contentLength = -1;
            for (String h = RawHttp.readLine(in); h != null && !h.isEmpty(); h = RawHttp.readLine(in)) {
                if (h.regionMatches(true, 0, "content-length:", 0, 15)) {
                    contentLength = Long.parseLong(h.substring(15).trim());
                }
            }
            if (status == null || !status.startsWith("HTTP/1.1 ")) {
                throw new AssertionError("a slow reader of " + key + " got no status line: " + status);
            }
            // A refusal with a reason: 503, or from stage 4 on 504 when the replicas' 16 MiB copies took longer than
            // the coordinator waits on a saturated machine (seen once in a suite run at stage 4).
            if (status.startsWith("HTTP/1.1 503") || status.startsWith("HTTP/1.1 504")) {
                String code = status.substring(9, 12);
                byte[] reason = in.readNBytes((int) Math.max(0, contentLength));
                String text = new String(reason, StandardCharsets.UTF_8);
                if (text.isBlank()) {
                    throw new AssertionError("a " + code + " to a slow reader must say why");
                }
                return code + " " + text;
            }
            if (!stored && status.startsWith("HTTP/1.1 404")) {
                return "404 after a refused PUT";
            }
            if (!status.startsWith("HTTP/1.1 200") || contentLength != length) {
                throw new AssertionError("a slow reader of " + key + " got " + status + " with Content-Length "
                        + contentLength + ", expected 200 with " + length + " bytes, or a 503 or 504 refusal");
            }
            byte[] chunk = new byte[64 * 1024];
            long read = 0;
            long started = System.nanoTime();
            while (read < length) {
                int n = in.read(chunk, 0, (int) Math.min(chunk.length, length - read));
                if (n < 0) {
                    throw new AssertionError("the answer ended after " + read + " of " + length + " bytes");
                }
                read += n;
                // Paced by the bytes read so far, not by reads: a read returns what the socket holds, often less
                // than a chunk, and with a fixed 16 ms sleep after each read two such readers took 36 s over three
                // 16 MiB answers in an idle grade (about 1.4 MB/s, not 4).
                long ahead = started + read * 1_000_000_000L / SLOW_READER_BYTES_PER_SECOND - System.nanoTime();
                if (ahead > 0) {
                    Thread.sleep(ahead / 1_000_000, (int) (ahead % 1_000_000));
                }
            }
            return "200 whole";
        } catch (IOException e) {
            throw new AssertionError("a slow reader of " + key + " lost its connection: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static void closeAll(List<Socket> sockets) {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // going away anyway
            }
        }
    }

    /**
     * A value of {@code mib} MiB made from the seed, stored under {@code key} through node 0. This is the test's
     * setup, not its point: on a saturated machine a replicated PUT may find its replicas slower than the node waits
     * for them (504: "did not answer within 1000 ms", seen in a suite run at stage 4) or the body budget full (503),
     * and it goes again.
     */
    private static byte[] stored(Cluster cluster, Seed seed, String key, int mib) {
        byte[] value = SeededValues.of(seed.value(), mib, mib * MIB);
        store(cluster, key, value);
        return value;
    }

    /** Stores {@code value} under {@code key} through node 0, again while busy, as {@link #stored} does. */
    private static void store(Cluster cluster, String key, byte[] value) {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(30));
        WhileBusy.send(() -> c.put(0, key, value), Set.of(503, 504), 5, Duration.ofMillis(500))
                .assertStatus(201);
    }
}
