package course.hidden.stage1;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.NodeJvm;
import course.harness.NodeMode;
import course.harness.Stage;
import course.harness.WithCluster;
import course.tests.stage1.RawHttp;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A node out of file descriptors (statement: "Connections that hold the node are closed"). Its JVM is limited to
 * {@value #LIMIT} descriptors with prlimit, as an operator's ulimit would, and the test opens as many connections
 * that send nothing: more than the node has left. one-nio's acceptor then retries the failed accept at once, forever:
 * a core spins, nothing is logged, and a new client waits in the kernel's queue until the holders leave (their idle
 * timeout is a minute). The node must keep its CPU, say once that it ran out, and answer a new client's GET within
 * seconds: an idle connection gives way to it. The node runs as users run it ({@link NodeJvm#AS_RUN}): what a
 * spinning thread costs depends on the JIT and the collector's threads around it.
 */
@Stage(1)
class OutOfDescriptorsTest {
    static final int LIMIT = 256;
    /** How long the node's CPU time is watched, once the holders are in and the node had a second to settle. */
    static final Duration WATCHED = Duration.ofSeconds(3);
    /** A quiet node uses about 1% of a core; one-nio's acceptor, spinning, 30% to 67% (less on a busy machine). */
    static final double MAX_CPU_SHARE = 0.1;
    /** The statement promises an answer within a second; a busy grading machine gets five. */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);
    /** Once per episode: a line, or a line and a stack trace's first line; never a line per retry. */
    static final int MAX_SHORTAGE_LINES = 3;

    @Test
    @WithCluster(nodes = 1, mode = NodeMode.PROCESS, jvm = NodeJvm.AS_RUN)
    @Checks("s1-out-of-descriptors")
    void aNodeOutOfDescriptorsKeepsItsCpuSaysSoOnceAndServesANewClient(Cluster cluster) throws Exception {
        long pid = cluster.pid(0);
        // A node that has served requests before, as one that runs out has: the classes a GET needs are loaded, and
        // a class loaded from a folder of classes would need a descriptor of its own.
        cluster.client().put(0, "warm", "up").assertStatus(201);
        cluster.client().get(0, "out-of-descriptors").assertStatus(404);
        limitDescriptors(pid);
        URI uri = URI.create(cluster.url(0));
        List<Socket> holders = new ArrayList<>();
        try {
            int held = hold(uri, holders);
            Thread.sleep(1000);
            int open = openDescriptors(pid);
            double cpu = cpuShare(pid, WATCHED);
            String answer = get(uri);
            long shortageLines = cluster.logs()
                    .lines()
                    .filter(l -> {
                        String lower = l.toLowerCase(Locale.ROOT);
                        return lower.contains("file descriptors") || lower.contains("too many open files");
                    })
                    .count();
            String situation = "the node's JVM may open " + LIMIT + " descriptors, has " + open + " open, and the"
                    + " test holds " + held + " connections that send nothing";
            assertAll(
                    () -> assertTrue(
                            cpu <= MAX_CPU_SHARE,
                            String.format(
                                    Locale.ROOT,
                                    "%s; over %d s the node used %.0f%% of a core (at most %.0f%% expected): an"
                                            + " acceptor that retries a failed accept at once spins while the client"
                                            + " it cannot take waits; back off, or make room for the client",
                                    situation,
                                    WATCHED.toSeconds(),
                                    cpu * 100,
                                    MAX_CPU_SHARE * 100)),
                    () -> assertTrue(
                            answer.startsWith("HTTP/1.1 404"),
                            situation + "; a new client's GET of an absent key got "
                                    + (answer.isEmpty() ? "no answer" : "'" + answer + "'") + " within "
                                    + ANSWER_WITHIN.toSeconds() + " s, where 404 was due: close the connection idle"
                                    + " longest to give its descriptor to the new client"),
                    () -> assertTrue(
                            shortageLines >= 1 && shortageLines <= MAX_SHORTAGE_LINES,
                            situation + "; the node's log has " + shortageLines + " lines about running out of file"
                                    + " descriptors, where one per episode is due (saying \"file descriptors\" or"
                                    + " \"Too many open files\"), not one per retry; its log:\n" + cluster.logs()));
        } finally {
            for (Socket s : holders) {
                s.close();
            }
        }
    }

    /** prlimit on the running JVM: the JVM raises its soft limit to the hard one when it starts, so both go. */
    private static void limitDescriptors(long pid) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("prlimit", "--pid", String.valueOf(pid), "--nofile=" + LIMIT + ":" + LIMIT)
                .redirectErrorStream(true)
                .start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("prlimit could not limit the node's descriptors: " + said);
        }
    }

    /**
     * Opens up to {@value #LIMIT} connections that send nothing; stops early when one cannot connect (the node's
     * queue is full). Returns how many connected.
     */
    private static int hold(URI uri, List<Socket> holders) throws IOException {
        for (int i = 0; i < LIMIT; i++) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 2000);
            } catch (IOException e) {
                s.close();
                break;
            }
            holders.add(s);
        }
        return holders.size();
    }

    private static int openDescriptors(long pid) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            return (int) fds.count();
        }
    }

    /** The share of one core the process used over {@code watched}: its user and system time over the wall time. */
    private static double cpuShare(long pid, Duration watched) throws InterruptedException {
        ProcessHandle node = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("the node's JVM ended"));
        long cpuBefore = cpuNanos(node);
        long before = System.nanoTime();
        Thread.sleep(watched.toMillis());
        long cpuAfter = cpuNanos(node);
        return (double) (cpuAfter - cpuBefore) / (System.nanoTime() - before);
    }

    private static long cpuNanos(ProcessHandle process) {
        return process.info()
                .totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("this system does not tell a process's CPU time"))
                .toNanos();
    }

    /** The status line of a GET on a new connection, or "" when none came within {@link #ANSWER_WITHIN}. */
    private static String get(URI uri) throws IOException {
        try (Socket socket = new Socket()) {
            int millis = (int) ANSWER_WITHIN.toMillis();
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), millis);
            socket.setSoTimeout(millis);
            socket.getOutputStream()
                    .write(("GET /v0/entity?id=out-of-descriptors HTTP/1.1\r\nHost: localhost\r\n"
                                    + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String status = RawHttp.readLine(in);
            return status == null ? "" : status;
        } catch (SocketTimeoutException e) {
            return "";
        }
    }
}
