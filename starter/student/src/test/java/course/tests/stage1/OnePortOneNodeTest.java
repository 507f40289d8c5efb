package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.harness.Checks;
import course.harness.KvClient;
import course.harness.Ports;
import course.harness.Stage;
import course.runtime.Submission;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One port, one node: start() of a second node on a port that a running node serves must fail, and the first node
 * keeps answering every request. A node that lets the kernel share its port (SO_REUSEPORT) would start, and the
 * clients' connections would be split between two nodes with different data. Both nodes are started here straight
 * from the factory, without the harness, whose own check would stop the second one first.
 */
@Stage(1)
class OnePortOneNodeTest {
    private static final int GETS = 10;

    @Test
    @Checks({"s1-one-port", "c-one-port", "c-failed-start-stopped"})
    void aSecondNodeOnATakenPortFailsToStartAndTheFirstAnswersEveryRequest(@TempDir Path base) throws Exception {
        int port = Ports.free(1).get(0);
        Service first = node(port, Files.createDirectories(base.resolve("first")));
        first.start();
        try {
            new KvClient(i -> "http://localhost:" + port, Duration.ofSeconds(10))
                    .put(0, "one-port", "first node's")
                    .assertStatus(201);
            Service second = node(port, Files.createDirectories(base.resolve("second")));
            Exception failure = null;
            List<Integer> statuses;
            try {
                second.start();
            } catch (Exception e) {
                failure = e;
            } finally {
                // Each GET on a connection of its own: a kernel that splits a shared port deals out connections.
                statuses = getsOnNewConnections(port, "one-port");
                stopQuietly(second);
            }
            if (failure == null) {
                fail("start() of a second node on port " + port + ", which a running node serves, returned "
                        + "normally: it must throw, e.g. java.net.BindException (is the port opened with "
                        + "SO_REUSEPORT, one-nio's AcceptorConfig.reusePort?). " + GETS + " GETs of a key the first "
                        + "node stored, each on a new connection, answered " + statuses);
            }
            assertTrue(
                    failure instanceof IOException,
                    "start() on a taken port must throw an IOException (e.g. " + "java.net.BindException), it threw "
                            + failure);
            assertEquals(
                    Collections.nCopies(GETS, 200),
                    statuses,
                    "after a second node failed to start on port " + port + ", " + GETS
                            + " GETs of a key the first node stored, each on a new connection");
        } finally {
            first.stop();
        }
    }

    @Test
    @Checks("c-failed-start-stopped")
    void aNodeWhoseStartFailedOnATakenPortStartsOnceThePortIsFree(@TempDir Path base) throws Exception {
        int port = Ports.free(1).get(0);
        Service first = node(port, Files.createDirectories(base.resolve("first")));
        Service second = node(port, Files.createDirectories(base.resolve("second")));
        first.start();
        boolean firstRunning = true;
        try {
            assertThrows(
                    IOException.class,
                    second::start,
                    "start() of a second node on port " + port + ", which a running node serves, must throw");
            first.stop();
            firstRunning = false;
            try {
                second.start();
            } catch (IOException | RuntimeException e) {
                fail(
                        "a node's start() failed on a taken port; once the port was free, start() of the same node"
                                + " failed too: " + e + ". A start() that fails halfway must close whatever it had"
                                + " opened (storage and its lock, threads) and leave the node stopped, so that it"
                                + " can start again",
                        e);
            }
            try {
                KvClient c = new KvClient(i -> "http://localhost:" + port, Duration.ofSeconds(10));
                c.put(0, "second try", "served").assertStatus(201);
                c.get(0, "second try").assertBody(200, "served");
            } finally {
                second.stop();
            }
        } finally {
            if (firstRunning) {
                first.stop();
            }
        }
    }

    private static Service node(int port, Path dir) {
        return Submission.current().newFactory().create(ServiceConfig.single(port, dir));
    }

    /** The status of GET /v0/entity?id=key on a new connection each time ({@code Connection: close}); -1 if none. */
    private static List<Integer> getsOnNewConnections(int port, String key) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < GETS; i++) {
            statuses.add(getOnNewConnection(port, key));
        }
        return statuses;
    }

    private static int getOnNewConnection(int port, String key) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + KvClient.entity(key, null) + " HTTP/1.1\r\nHost: localhost:" + port
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder statusLine = new StringBuilder();
            for (int b; (b = in.read()) != -1 && b != '\n'; ) {
                statusLine.append((char) b);
            }
            String[] parts = statusLine.toString().split(" ");
            return parts.length >= 2 ? Integer.parseInt(parts[1]) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private static void stopQuietly(Service service) {
        try {
            service.stop();
        } catch (Exception ignored) {
            // a node that never started may not stop cleanly either; what matters here is the first node
        }
    }
}
