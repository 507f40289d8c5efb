package course.harness;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.runtime.PortCheck;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import org.junit.jupiter.api.Test;

/** What counts as a taken port: a listener, with or without SO_REUSEPORT; not the connections of an earlier run. */
class PortCheckTest {
    @Test
    void aListenerTakesItsPortWhetherOrNotItWouldShareIt() throws IOException {
        for (boolean shares : new boolean[] {false, true}) {
            try (ServerSocketChannel listener = listen(0, shares)) {
                int port = port(listener);
                PortCheck.PortTakenException e =
                        assertThrows(PortCheck.PortTakenException.class, () -> PortCheck.requireFree(port));
                assertTrue(e.getMessage().contains("port " + port), e.getMessage());
            }
        }
    }

    @Test
    void connectionsLeftInTimeWaitDoNotTakeThePort() throws Exception {
        int port;
        try (ServerSocketChannel listener = listen(0, false)) {
            port = port(listener);
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
                // The server side closes first, so its end of the connection (on the port) stays in TIME_WAIT.
                SocketChannel accepted = listener.accept();
                accepted.close();
                Thread.sleep(50);
            }
        }
        assertDoesNotThrow(() -> PortCheck.requireFree(port));
    }

    @Test
    void onlyAListenerThatSharesItsPortFailsTheExclusiveCheck() throws IOException {
        try (ServerSocketChannel alone = listen(0, false)) {
            assertDoesNotThrow(() -> PortCheck.requireExclusive(port(alone)));
        }
        try (ServerSocketChannel sharing = listen(0, true)) {
            IOException e = assertThrows(IOException.class, () -> PortCheck.requireExclusive(port(sharing)));
            assertTrue(e.getMessage().contains("SO_REUSEPORT"), e.getMessage());
        }
    }

    private static ServerSocketChannel listen(int port, boolean shares) throws IOException {
        ServerSocketChannel socket = ServerSocketChannel.open();
        socket.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        if (shares) {
            socket.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        }
        socket.bind(new InetSocketAddress(port));
        return socket;
    }

    private static int port(ServerSocketChannel socket) throws IOException {
        return ((InetSocketAddress) socket.getLocalAddress()).getPort();
    }
}
