package course.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP forwarder on 127.0.0.1 in front of one node, controlled by the test: it delays bytes, drops connections,
 * partitions the node away or turns it into a black hole. In a proxied {@link Cluster} the other nodes reach node j only through its proxy (the
 * proxy's URL is node j's URL in the cluster list), so faults here are faults between nodes; the test's
 * {@link KvClient} talks to node j directly.
 *
 * <p>Delays hold every chunk of bytes for the given time after it was read, without slowing the chunks behind it,
 * so a 1 s delay adds 1 s to a request, not 1 s per packet. Threads are virtual: they never show up among the
 * platform threads a test inspects.
 */
// delayNanos holds one AtomicLong per Direction, indexed by its ordinal().
@SuppressWarnings("EnumOrdinal")
public final class NodeProxy implements AutoCloseable {
    /** Which way bytes flow through the proxy. */
    public enum Direction {
        /** From the connecting node to the proxied node: requests. */
        TO_NODE,
        /** From the proxied node back to the connecting node: answers. */
        FROM_NODE
    }

    private static final int CHUNK_BYTES = 16 * 1024;

    private final ServerSocket listener;
    private volatile int targetPort;
    private final AtomicLong[] delayNanos = {new AtomicLong(), new AtomicLong()};
    private volatile boolean partitioned;
    private volatile boolean blackHoled;
    /** Connections a black hole accepted: read from and never answered, closed only by heal or close. */
    private final Set<Socket> swallowed = ConcurrentHashMap.newKeySet();

    /** See {@link #closeReusedConnections}. */
    private volatile boolean closingReused;

    private final AtomicLong reusedClosed = new AtomicLong();
    private volatile boolean closed;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    /** How many times {@link #drop} ran: a connection accepted before a drop is dropped too, however late it links. */
    private final AtomicLong drops = new AtomicLong();

    private NodeProxy(ServerSocket listener, int targetPort) {
        this.listener = listener;
        this.targetPort = targetPort;
    }

    /** A proxy on a free port of 127.0.0.1 forwarding to {@code targetPort} on 127.0.0.1. */
    public static NodeProxy start(int targetPort) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        NodeProxy proxy = new NodeProxy(listener, targetPort);
        Thread.ofPlatform()
                .daemon(true)
                .name("node-proxy-" + listener.getLocalPort())
                .start(proxy::acceptLoop);
        return proxy;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** The proxy's address as a node URL: {@code http://localhost:<port>}. */
    public String url() {
        return "http://localhost:" + port();
    }

    public int targetPort() {
        return targetPort;
    }

    /** Forward new connections to another port (the cluster moved its nodes after a bind failure). */
    void retarget(int port) {
        targetPort = port;
        drop();
    }

    /**
     * Forwards new connections to {@code port} from now on and drops the open ones: this proxy's URL, which the cluster
     * list gives to one node, then leads to another, so the sender and the node it reaches disagree about who owns
     * the keys of that URL (an address that moved, a misconfigured cluster).
     */
    public NodeProxy redirect(int port) {
        retarget(port);
        return this;
    }

    /**
     * From now on a connection that has carried an answer is closed when the first bytes of its next request arrive,
     * before they reach the node: a kept-alive connection that closes under a request, as when the node's idle
     * timeout fires just as the sender reuses it. The sender sees its request fail before a byte of an answer
     * ({@code java.net.http}: "HTTP/1.1 header parser received no bytes"); a request on a new connection goes
     * through. {@link #heal} ends it.
     */
    public NodeProxy closeReusedConnections() {
        closingReused = true;
        return this;
    }

    /** Connections {@link #closeReusedConnections} closed under a request. */
    public long reusedConnectionsClosed() {
        return reusedClosed.get();
    }

    /** Delays both directions: every request to the node and every answer from it. */
    public NodeProxy delay(Duration delay) {
        return delay(Direction.TO_NODE, delay).delay(Direction.FROM_NODE, delay);
    }

    /** Delays one direction; {@link Duration#ZERO} forwards at once. Applies to bytes read from now on. */
    public NodeProxy delay(Direction direction, Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("a delay cannot be negative, got " + delay);
        }
        delayNanos[direction.ordinal()].set(delay.toNanos());
        return this;
    }

    public Duration delay(Direction direction) {
        return Duration.ofNanos(delayNanos[direction.ordinal()].get());
    }

    /** Closes every open connection (both ends see a reset); new connections are accepted as usual. */
    public NodeProxy drop() {
        drops.incrementAndGet();
        for (Link link : links) {
            link.close();
        }
        return this;
    }

    /**
     * Cuts the node off: open connections are dropped and every new one is reset at once, which a client sees like a
     * refused connection. The port stays bound, so {@link #heal} can never lose it to another process.
     */
    public NodeProxy partition() {
        partitioned = true;
        return drop();
    }

    /**
     * A node that is there and silent: connections are accepted and read, and nothing is ever answered or closed,
     * on open connections as on new ones. A partition looks like a stopped node (the sender sees a reset at once);
     * this is the hung node, the half-open connection, the lost packets, which the sender notices only by a timeout
     * of its own.
     */
    public NodeProxy blackHole() {
        blackHoled = true;
        return this;
    }

    public boolean isBlackHoled() {
        return blackHoled;
    }

    /**
     * Back to plain forwarding: no partition, no black hole, no delay. Connections that were open during a black
     * hole lost bytes in the middle of their HTTP exchanges, so they are dropped.
     */
    public NodeProxy heal() {
        partitioned = false;
        closingReused = false;
        if (blackHoled) {
            blackHoled = false;
            drop();
            closeSwallowed();
        }
        return delay(Duration.ZERO);
    }

    public boolean isPartitioned() {
        return partitioned;
    }

    /** Connections accepted since the proxy started (including the ones a partition reset). */
    public long connectionsAccepted() {
        return accepted.get();
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing the listener cannot lose data
        }
        drop();
        closeSwallowed();
    }

    // swallowed is a concurrent set: removing while iterating is allowed.
    @SuppressWarnings("ModifyCollectionInEnhancedForLoop")
    private void closeSwallowed() {
        for (Socket socket : swallowed) {
            swallowed.remove(socket);
            reset(socket);
        }
    }

    /** Reads and forgets whatever the connection brings, until the other end or a heal closes it. */
    private void swallow(Socket client) {
        swallowed.add(client);
        byte[] buffer = new byte[CHUNK_BYTES];
        try (InputStream in = client.getInputStream()) {
            while (in.read(buffer) >= 0) {
                // nothing is forwarded and nothing is answered
            }
        } catch (IOException ignored) {
            // healed or closed
        } finally {
            swallowed.remove(client);
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue;
            }
            accepted.incrementAndGet();
            if (partitioned) {
                reset(client);
                continue;
            }
            if (blackHoled) {
                Thread.ofVirtual().name("node-proxy-black-hole-" + port()).start(() -> swallow(client));
                continue;
            }
            long dropsBefore = drops.get();
            Thread.ofVirtual().name("node-proxy-connect-" + port()).start(() -> connect(client, dropsBefore));
        }
    }

    /**
     * Links an accepted connection to the node. A drop (or a redirect) while the node's side was still connecting
     * closes it too: it was open for the sender, and linked afterwards to the old port it would outlive the redirect,
     * so that a sender reusing it never reached the new one.
     */
    private void connect(Socket client, long dropsBefore) {
        Socket node = new Socket();
        try {
            node.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5000);
        } catch (IOException e) {
            // The node is down: the client sees its connection closed, as it would with no proxy at all.
            reset(client);
            closeQuietly(node);
            return;
        }
        Link link = new Link(client, node);
        links.add(link);
        if (partitioned || closed || drops.get() != dropsBefore) {
            link.close();
            return;
        }
        link.pump(client, node, Direction.TO_NODE);
        link.pump(node, client, Direction.FROM_NODE);
    }

    /** One proxied connection: the client's socket, the node's socket, and a pump per direction. */
    private final class Link {
        private final Socket client;
        private final Socket node;
        private final AtomicInteger endedDirections = new AtomicInteger();
        /** The node has sent bytes back: the next bytes from the sender begin another request. */
        private volatile boolean answered;

        Link(Socket client, Socket node) {
            this.client = client;
            this.node = node;
        }

        void pump(Socket from, Socket to, Direction direction) {
            BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
            String name = "node-proxy-" + port() + "-" + direction;
            Thread.ofVirtual().name(name + "-read").start(() -> read(from, queue, direction));
            Thread.ofVirtual().name(name + "-write").start(() -> write(queue, to));
        }

        private void read(Socket from, BlockingQueue<Chunk> queue, Direction direction) {
            byte[] buffer = new byte[CHUNK_BYTES];
            try {
                InputStream in = from.getInputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (blackHoled) {
                        continue; // an open connection goes silent too, both ways
                    }
                    if (direction == Direction.FROM_NODE) {
                        answered = true;
                    } else if (answered && closingReused) {
                        reusedClosed.incrementAndGet();
                        close();
                        return;
                    }
                    long due = System.nanoTime() + delayNanos[direction.ordinal()].get();
                    queue.add(new Chunk(Arrays.copyOf(buffer, n), due));
                }
                if (!blackHoled) { // a black hole does not pass an end of stream on either
                    queue.add(Chunk.end(System.nanoTime() + delayNanos[direction.ordinal()].get()));
                }
            } catch (IOException e) {
                close();
            }
        }

        private void write(BlockingQueue<Chunk> queue, Socket to) {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk chunk = queue.take();
                    long wait = chunk.dueNanos() - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    if (chunk.isEnd()) {
                        to.shutdownOutput();
                        if (endedDirections.incrementAndGet() == 2) {
                            close();
                        }
                        return;
                    }
                    out.write(chunk.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                close();
            }
        }

        void close() {
            links.remove(this);
            reset(client);
            reset(node);
        }
    }

    // a chunk of bytes in transit; never compared or hashed.
    @SuppressWarnings("ArrayRecordComponent")
    private record Chunk(byte[] bytes, long dueNanos) {
        static Chunk end(long dueNanos) {
            return new Chunk(null, dueNanos);
        }

        boolean isEnd() {
            return bytes == null;
        }
    }

    /** Closes with SO_LINGER 0, so the other end gets a reset instead of a clean end of stream. */
    private static void reset(Socket socket) {
        try {
            if (!socket.isClosed() && socket.isConnected()) {
                socket.setSoLinger(true, 0);
            }
        } catch (SocketException ignored) {
            // the socket is already gone
        }
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do about a socket that will not close
        }
    }
}
