package course.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy in front of a tiny echo server: it forwards, delays, drops, partitions and heals. */
class NodeProxyTest {
    private ServerSocket echo;
    private NodeProxy proxy;

    @BeforeEach
    void startEchoAndProxy() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> serveEcho(echo));
        proxy = NodeProxy.start(echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        echo.close();
    }

    @Test
    void forwardsBytesBothWays() throws IOException {
        try (Socket s = connect()) {
            byte[] big = new byte[200_000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31);
            }
            assertArrayEquals(big, roundTrip(s, big));
            assertArrayEquals(bytes("again"), roundTrip(s, bytes("again")));
        }
    }

    @Test
    void aDelayHoldsEachDirectionForItsTime() throws IOException {
        try (Socket s = connect()) {
            roundTrip(s, bytes("warm"));
            proxy.delay(NodeProxy.Direction.TO_NODE, Duration.ofMillis(300));
            long start = System.nanoTime();
            roundTrip(s, bytes("slow"));
            long oneWay = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(oneWay >= 300, "a 300 ms delay toward the node took only " + oneWay + " ms");

            proxy.delay(Duration.ofMillis(200));
            start = System.nanoTime();
            roundTrip(s, bytes("slower"));
            long bothWays = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(bothWays >= 400, "200 ms each way took only " + bothWays + " ms");
            assertEquals(Duration.ofMillis(200), proxy.delay(NodeProxy.Direction.FROM_NODE));
        }
    }

    @Test
    void dropClosesOpenConnectionsAndNewOnesStillWork() throws IOException {
        try (Socket s = connect()) {
            roundTrip(s, bytes("before"));
            proxy.drop();
            assertTrue(isCut(s), "a dropped connection still delivered data");
        }
        assertANewConnectionWorks("after");
    }

    /**
     * A connection the proxy accepted while the node's side was still connecting is dropped too: linked after the
     * drop (a redirect's) to the old port, it outlived the redirect, and a sender that kept it never reached the new
     * port. The target here is slow to connect to: its accept queue is full, so the kernel ignores the proxy's SYN
     * until the queue drains and the SYN is sent again (about 1 s later).
     */
    @Test
    void aConnectionStillConnectingWhenDroppedIsDroppedToo() throws Exception {
        try (ServerSocket slow = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket filler1 = new Socket(InetAddress.getLoopbackAddress(), slow.getLocalPort());
                Socket filler2 = new Socket(InetAddress.getLoopbackAddress(), slow.getLocalPort());
                NodeProxy toSlow = NodeProxy.start(slow.getLocalPort());
                Socket s = new Socket(InetAddress.getLoopbackAddress(), toSlow.port())) {
            s.setSoTimeout(10_000);
            Thread.sleep(300); // the proxy has accepted s and is connecting to the full queue
            toSlow.drop();
            Thread.ofVirtual().start(() -> serveEcho(slow));
            assertTrue(isCut(s), "a connection accepted before the drop was linked after it, and still echoes");
        }
    }

    @Test
    void aPartitionResetsEveryConnectionUntilHealed() throws IOException {
        Socket open = connectedAndUsedThen(proxy::partition);
        assertTrue(isCut(open), "an open connection survived the partition");
        open.close();
        try (Socket s = connect()) {
            assertTrue(isCut(s), "a new connection went through a partition");
        }
        proxy.heal();
        assertANewConnectionWorks("healed");
    }

    @Test
    void aBlackHoleAcceptsReadsAndNeverAnswersNorClosesUntilHealed() throws IOException {
        Socket open = connectedAndUsedThen(proxy::blackHole);
        assertTrue(isSilent(open), "an open connection still answered in a black hole");
        try (Socket s = connect()) {
            assertTrue(isSilent(s), "a new connection to a black hole was answered or closed");
            assertTrue(isSilent(s), "a black hole answered the second write");
        }
        proxy.heal();
        assertTrue(isCut(open), "a connection that lost bytes in a black hole was kept after the heal");
        open.close();
        assertANewConnectionWorks("healed");
    }

    /**
     * The node's port stays bound by a socket that does not listen: closing the echo server instead freed its port,
     * and in a busy suite another test's server took it and answered through the proxy (seen once).
     */
    @Test
    void aTargetThatIsDownClosesTheClientsConnection() throws IOException {
        try (Socket portHolder = new Socket()) {
            portHolder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            NodeProxy toDownNode = NodeProxy.start(portHolder.getLocalPort());
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), toDownNode.port())) {
                s.setSoTimeout(5000);
                assertTrue(isCut(s), "the proxy kept a connection to a node that is down");
            } finally {
                toDownNode.close();
            }
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
        s.setSoTimeout(5000);
        return s;
    }

    /**
     * A connection through the proxy that has carried one round trip, so the proxy's link to the node is up, and
     * then met {@code fault}.
     */
    private Socket connectedAndUsedThen(Runnable fault) throws IOException {
        Socket open = connect();
        roundTrip(open, bytes("x"));
        fault.run();
        return open;
    }

    private void assertANewConnectionWorks(String text) throws IOException {
        try (Socket s = connect()) {
            assertArrayEquals(bytes(text), roundTrip(s, bytes(text)));
        }
    }

    private static byte[] roundTrip(Socket s, byte[] data) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(data);
        out.flush();
        byte[] back = new byte[data.length];
        InputStream in = s.getInputStream();
        int read = 0;
        while (read < back.length) {
            int n = in.read(back, read, back.length - read);
            if (n < 0) {
                throw new IOException("the connection ended after " + read + " of " + back.length + " bytes");
            }
            read += n;
        }
        return back;
    }

    /** Whether the connection ends (end of stream or reset) instead of echoing a byte. */
    private static boolean isCut(Socket s) {
        try {
            s.getOutputStream().write(1);
            return s.getInputStream().read() < 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Whether a write is taken and nothing comes back, neither a byte nor an end, for half a second. */
    private static boolean isSilent(Socket s) {
        try {
            s.setSoTimeout(500);
            s.getOutputStream().write(bytes("anyone?"));
            s.getInputStream().read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            try {
                s.setSoTimeout(5000);
            } catch (IOException ignored) {
                // the socket is gone; the caller's next step says so
            }
        }
    }

    /** Echoes every connection to {@code server} until it closes. */
    private static void serveEcho(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread.ofVirtual().start(() -> {
                    try (s) {
                        s.getInputStream().transferTo(s.getOutputStream());
                    } catch (IOException ignored) {
                        // the client went away
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
