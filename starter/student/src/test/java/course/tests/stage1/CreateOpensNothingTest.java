package course.tests.stage1;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.harness.Checks;
import course.harness.KvClient;
import course.harness.Ports;
import course.harness.Stage;
import course.runtime.Submission;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Creating a node only builds it: nothing listens on its port until start(), and nodes of one port can all be
 * created (on any thread), whichever of them runs. Nodes are made here straight from the factory, as the course's
 * launcher makes them, without the harness.
 */
@Stage(1)
class CreateOpensNothingTest {
    @Test
    @Checks("c-created-stopped")
    void aCreatedNodeDoesNotListenUntilItIsStarted(@TempDir Path base) throws Exception {
        int port = Ports.free(1).get(0);
        Service node = node(port, base);
        try {
            // Looked at for half a second: a node that starts itself in the background is listening by then.
            for (int look = 0; look < 5; look++) {
                assertFalse(
                        listening(port),
                        "a node just created by the factory, before start(), accepts connections on its port " + port
                                + ": a node is created stopped, and only start() opens the port");
                Thread.sleep(100);
            }
            node.start();
            KvClient c = client(port);
            c.put(0, "created", "then started").assertStatus(201);
            c.get(0, "created").assertBody(200, "then started");
        } finally {
            node.stop();
        }
    }

    @Test
    @Checks("c-create-opens-nothing")
    void nodesOfOnePortAreAllCreatedAndTheOneStartedServes(@TempDir Path base) throws Exception {
        int port = Ports.free(1).get(0);
        Service first = node(port, Files.createDirectories(base.resolve("first")));
        Service second = createdOnAnotherThread(port, Files.createDirectories(base.resolve("second")));
        first.start();
        try {
            client(port).put(0, "one-port", "first node's").assertStatus(201);
            // While the first node holds the port, a third node of it is created all the same.
            createdOnAnotherThread(port, Files.createDirectories(base.resolve("third")));
        } finally {
            first.stop();
        }
        second.start();
        try {
            client(port).get(0, "one-port").assertStatus(404); // the second node's own, empty, directory
            client(port).put(0, "one-port", "second node's").assertStatus(201);
        } finally {
            second.stop();
        }
    }

    private static Service node(int port, Path dir) {
        return Submission.current().newFactory().create(ServiceConfig.single(port, dir));
    }

    /** A node created on another thread; fails the test when creating it fails. */
    private static Service createdOnAnotherThread(int port, Path dir) throws InterruptedException {
        try (ExecutorService other = Executors.newSingleThreadExecutor()) {
            return other.submit(() -> node(port, dir)).get();
        } catch (ExecutionException e) {
            return fail(
                    "creating a node of port " + port + " failed while another node of that port exists: "
                            + e.getCause()
                            + ". create() only builds the node; opening the port (and starting threads) is start()'s"
                            + " job, so creating a node never fails because of another",
                    e.getCause());
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static KvClient client(int port) {
        return new KvClient(i -> "http://localhost:" + port, Duration.ofSeconds(10));
    }
}
