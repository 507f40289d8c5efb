package course.runtime;

import course.contract.Service;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;

/**
 * One node per port. Whoever starts a node ({@link Launcher}, the test harness, {@code ./course run}) asks
 * {@link #requireFree} before the node starts and {@link #requireExclusive} after: a node that let the kernel share
 * its port (SO_REUSEPORT) would silently split the clients' connections with any second node started on it.
 */
public final class PortCheck {
    private PortCheck() {}

    /** The port is in use by someone else; the message names it and says what to do. */
    public static final class PortTakenException extends BindException {
        private final int port;

        public PortTakenException(int port) {
            super("port " + port + " is taken: another process listens on it (another node still running?); "
                    + "stop that process or choose another port");
            this.port = port;
        }

        public int port() {
            return port;
        }
    }

    /**
     * Throws {@link PortTakenException} when some socket listens on {@code port}. The probe binds the wildcard
     * address with SO_REUSEADDR, as servers do, so connections of an earlier run still in TIME_WAIT do not count,
     * and without SO_REUSEPORT, so a listener that would share its port does count.
     */
    public static void requireFree(int port) throws PortTakenException {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            probe.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            probe.bind(new InetSocketAddress(port));
        } catch (BindException e) {
            PortTakenException taken = new PortTakenException(port);
            taken.initCause(e);
            throw taken;
        } catch (IOException e) {
            // Not a bind conflict (e.g. no sockets at all): the node's own start reports what is wrong.
        }
    }

    /**
     * Throws when a second socket that asks to share the port can bind {@code port}: either the node listening on it
     * allows that (SO_REUSEPORT, one-nio's {@code AcceptorConfig.reusePort}) or nothing listens there at all. Where
     * the platform has no SO_REUSEPORT nothing can share a port, and there is nothing to check.
     */
    public static void requireExclusive(int port) throws IOException {
        try (ServerSocketChannel probe = ServerSocketChannel.open()) {
            if (!probe.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT)) {
                return;
            }
            probe.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            probe.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            try {
                probe.bind(new InetSocketAddress(port));
            } catch (BindException expected) {
                return;
            }
        }
        try {
            requireFree(port);
        } catch (PortTakenException sharing) {
            throw new IOException("the node on port " + port + " shares its port (SO_REUSEPORT, in one-nio "
                    + "AcceptorConfig.reusePort): a second node started on the same port would bind it too and the "
                    + "kernel would split the connections between them. Listen without SO_REUSEPORT, so that "
                    + "start() fails when the port is taken");
        }
        throw new IOException("nothing listens on port " + port + " after start() returned: start() must return "
                + "only once the node accepts requests on ServiceConfig.selfPort()");
    }

    /**
     * After {@code service} started on {@code port}: keeps it only when it listens there alone ({@link
     * #requireExclusive}); otherwise stops it and throws, so no node that would share its port keeps running.
     */
    public static void keepOnlyIfExclusive(Service service, int port) throws IOException {
        try {
            requireExclusive(port);
        } catch (IOException e) {
            try {
                service.stop();
            } catch (IOException | RuntimeException stopFailure) {
                e.addSuppressed(stopFailure);
            }
            throw e;
        }
    }
}
