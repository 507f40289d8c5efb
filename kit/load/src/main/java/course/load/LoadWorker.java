package course.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One generator thread: a selector over its share of the connections and their schedule, in one loop that no other
 * thread wakes. It sends each connection's requests when they fall due and records, per response, the time from the
 * request's due time to the response's last byte (and, for wrk2's -U, from its actual send).
 */
// Only this worker's thread updates its WorkerStats (their ++ cannot race); the progress line only reads them.
@SuppressWarnings("NonAtomicVolatileUpdate")
final class LoadWorker implements Runnable {
    /** A send this much later than it was due, with the connection free, means the generator itself fell behind. */
    static final long LATE_SEND_NS = 1_000_000;
    /** Latencies are recorded in microseconds up to an hour; longer ones are clamped to it. */
    static final long HIGHEST_US = 3_600_000_000L;

    private static final long CONNECT_RETRY_NS = 10_000_000;
    private static final long MAX_DRAIN_NS = 2_000_000_000L;
    /** A turn of the loop longer than this, sleep aside, is time the thread was not running. */
    static final long DESCHEDULED_NS = 500_000;
    /**
     * The longest sleep that does not look at the sockets while an answer is awaited. Shorter naps read answers
     * sooner but wake the thread more often; Linux adds up to 50 us of timer slack to any sleep.
     */
    static final long NAP_NS = 100_000;
    /**
     * Naps only where this thread's requests are at least this far apart (up to 2500 requests/s per thread). Each
     * nap costs a sleep and a wake-up, several per request when requests are close; above this rate the thread
     * waits in select() alone, like wrk2's 1 ms timer: a request goes out at the next socket event or within 1 ms
     * of its due time, and the answers, which wake the thread, are read as they arrive.
     */
    static final long NAP_MIN_SPACING_NS = 400_000;

    private final List<Connection> connections;
    private final RequestFactory requests;
    // Read by the generator while this worker runs (intervals, progress, the summary): each is made for that.
    final SingleWriterRecorder recorder;
    /** Latency from when each request actually went out (wrk2's -U): blind to coordinated omission, shown apart. */
    final SingleWriterRecorder uncorrected;

    final WorkerStats stats = new WorkerStats();
    private final long endNs;
    /** Requests due before the end get this long after it to complete, so short runs are not undercounted. */
    private final long drainEndNs;

    private final long timeoutNs;
    /**
     * Whether this thread waits for each request in short naps (see NAP_MIN_SPACING_NS): decided by the spacing of the
     * run it paces as, which for a warm-up is the measured run's, not its own half rate (LoadGenerator.pacedAs).
     */
    private final boolean naps;

    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private Selector selector;
    private volatile Throwable failure;
    /**
     * When this thread last came back from a blocking select. A request that fell due while the thread slept and
     * went out late was held up by the OS waking the thread late (a busy machine, shown by the contention
     * measures), not by the generator: only lateness after this moment is the generator's own.
     */
    private long awakeSinceNs = System.nanoTime();

    LoadWorker(List<Connection> connections, RequestFactory requests, long endNs, long timeoutNs, boolean naps) {
        this.connections = connections;
        this.requests = requests;
        this.endNs = endNs;
        this.timeoutNs = timeoutNs;
        this.drainEndNs = endNs + Math.min(timeoutNs, MAX_DRAIN_NS);
        this.naps = naps;
        this.recorder = new SingleWriterRecorder(1, HIGHEST_US, 3);
        this.uncorrected = new SingleWriterRecorder(1, HIGHEST_US, 3);
    }

    /**
     * Whether a thread whose {@code share} of the {@code connections} send at {@code ratePerSecond} in all waits in
     * naps (see {@link #NAP_MIN_SPACING_NS}).
     */
    static boolean naps(int share, int connections, double ratePerSecond) {
        return share == 0 || Math.round(connections * 1e9 / ratePerSecond) / share >= NAP_MIN_SPACING_NS;
    }

    Throwable failure() {
        return failure;
    }

    @Override
    public void run() {
        try (Selector s = Selector.open()) {
            selector = s;
            loop();
        } catch (Throwable t) {
            failure = t;
        } finally {
            for (Connection c : connections) {
                closeChannel(c);
            }
        }
    }

    private void loop() throws IOException {
        long lastTurnNs = System.nanoTime();
        while (true) {
            long now = System.nanoTime();
            if (now - lastTurnNs > DESCHEDULED_NS) {
                // One turn of this loop is microseconds of work: a turn this long means the OS ran something else
                // meanwhile (a busy machine, measured by the contention probes), like a late wake-up.
                awakeSinceNs = now;
            }
            lastTurnNs = now;
            boolean sending = now < endNs;
            if (!sending && (now >= drainEndNs || !anyInFlight())) {
                return;
            }
            long wakeAt = sending ? endNs : drainEndNs;
            for (Connection c : connections) {
                wakeAt = Math.min(wakeAt, service(c, now, sending));
            }
            waitUntil(wakeAt);
        }
    }

    /**
     * Waits for socket events until {@code wakeAt}, on this thread alone: no other thread wakes it, so a request
     * costs no hand-over between threads. select() only takes whole milliseconds, so it sleeps until about
     * {@link #NAP_NS} before the deadline and the rest is spent in short naps with a look at the sockets after each:
     * an answer that arrives during a nap is read at most one nap late, and a request goes out at most one nap late
     * (both far below wrk2's 1 ms timer). Where requests are close together (see {@link #NAP_MIN_SPACING_NS}) it
     * waits in select() alone.
     */
    private void waitUntil(long wakeAt) throws IOException {
        long waitNs = wakeAt - System.nanoTime();
        if (waitNs <= 0) {
            selector.selectNow(this::onReady);
            return;
        }
        long selectMs = (waitNs - NAP_NS) / 1_000_000;
        if (selectMs >= 1 || !naps) {
            selector.select(this::onReady, Math.max(1, selectMs));
        } else if (selector.selectNow(this::onReady) == 0) {
            // With nothing to hear from the sockets, one nap to the deadline; else short ones, to read answers.
            LockSupport.parkNanos(this, awaitingSockets() ? Math.min(waitNs, NAP_NS) : waitNs);
            selector.selectNow(this::onReady);
        }
        awakeSinceNs = System.nanoTime();
    }

    /** Whether a socket event may come: a connection waits for an answer, a connect, or room to write. */
    private boolean awaitingSockets() {
        for (Connection c : connections) {
            if (c.state == Connection.State.IN_FLIGHT
                    || c.state == Connection.State.CONNECTING
                    || c.pendingWrite != null) {
                return true;
            }
        }
        return false;
    }

    private boolean anyInFlight() {
        for (Connection c : connections) {
            if (c.state == Connection.State.IN_FLIGHT) {
                return true;
            }
        }
        return false;
    }

    /**
     * Does what is due on {@code c} now; returns when it next needs attention other than a socket event. After the
     * end ({@code sending} false) only the requests in flight are waited for.
     */
    private long service(Connection c, long now, boolean sending) {
        if (!sending && c.state != Connection.State.IN_FLIGHT) {
            return Long.MAX_VALUE;
        }
        if (c.state == Connection.State.DISCONNECTED && now >= c.reconnectAtNs) {
            connect(c, now);
        }
        if ((c.state == Connection.State.CONNECTING || c.state == Connection.State.IN_FLIGHT)
                && now - c.sentNs >= timeoutNs) {
            if (c.state == Connection.State.CONNECTING) {
                stats.connectErrors++;
                drop(c, now + CONNECT_RETRY_NS);
            } else {
                stats.timeouts++;
                drop(c, now);
            }
            if (sending && now >= c.reconnectAtNs) {
                connect(c, now);
            }
        }
        if (!sending) {
            return c.state == Connection.State.IN_FLIGHT ? c.sentNs + timeoutNs : Long.MAX_VALUE;
        }
        if (c.state == Connection.State.IDLE && c.nextDueNs <= now) {
            send(c, now);
        }
        return switch (c.state) {
            case DISCONNECTED -> c.reconnectAtNs;
            case IDLE -> c.nextDueNs;
            case CONNECTING, IN_FLIGHT -> c.sentNs + timeoutNs;
        };
    }

    private void connect(Connection c, long now) {
        try {
            SocketChannel ch = SocketChannel.open();
            c.channel = ch;
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            c.sentNs = now;
            boolean done = ch.connect(new InetSocketAddress(c.target.host(), c.target.port()));
            c.key = ch.register(selector, done ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, c);
            if (done) {
                connected(c, now);
            } else {
                c.state = Connection.State.CONNECTING;
            }
        } catch (IOException | RuntimeException e) {
            stats.connectErrors++;
            drop(c, now + CONNECT_RETRY_NS);
        }
    }

    private void connected(Connection c, long now) {
        c.state = Connection.State.IDLE;
        c.idleSinceNs = now;
        c.key.interestOps(SelectionKey.OP_READ);
    }

    private void send(Connection c, long now) {
        c.inFlightDueNs = c.nextDueNs;
        c.nextDueNs += c.intervalNs;
        if (generatorLateNs(c.inFlightDueNs, c.idleSinceNs, awakeSinceNs, now) > LATE_SEND_NS) {
            stats.lateSends++;
        }
        stats.sends++;
        c.sentNs = now;
        c.parser.reset();
        c.state = Connection.State.IN_FLIGHT;
        ByteBuffer request = requests.nextInPlace(c.target);
        try {
            c.channel.write(request);
        } catch (IOException e) {
            stats.writeErrors++;
            drop(c, now);
            return;
        }
        if (request.hasRemaining()) {
            // The factory reuses its buffer for the next request: keep a copy of what the socket did not take.
            c.pendingWrite =
                    ByteBuffer.allocate(request.remaining()).put(request).flip();
            c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    /**
     * How late a send was through the generator's own fault: counted from the latest of when the request fell due,
     * when its connection became free (the server's answer came late) and when the thread woke (the OS woke it late).
     */
    static long generatorLateNs(long dueNs, long connectionFreeNs, long awakeSinceNs, long sentNs) {
        return sentNs - Math.max(dueNs, Math.max(connectionFreeNs, awakeSinceNs));
    }

    private void onReady(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        if (!key.isValid()) {
            return;
        }
        long now = System.nanoTime();
        if (key.isConnectable()) {
            try {
                if (c.channel.finishConnect()) {
                    connected(c, now);
                }
            } catch (IOException e) {
                stats.connectErrors++;
                drop(c, now + CONNECT_RETRY_NS);
            }
            return;
        }
        if (key.isWritable() && c.pendingWrite != null) {
            try {
                c.channel.write(c.pendingWrite);
            } catch (IOException e) {
                stats.writeErrors++;
                drop(c, now);
                return;
            }
            if (!c.pendingWrite.hasRemaining()) {
                c.pendingWrite = null;
                key.interestOps(SelectionKey.OP_READ);
            }
        }
        if (key.isValid() && key.isReadable()) {
            onReadable(c, now);
        }
    }

    private void onReadable(Connection c, long now) {
        boolean inFlight = c.state == Connection.State.IN_FLIGHT;
        readBuffer.clear();
        int n;
        try {
            n = c.channel.read(readBuffer);
        } catch (IOException e) {
            n = -2;
        }
        if (n < 0) {
            if (inFlight && n == -1 && c.parser.completesOnClose()) {
                c.parser.finishOnClose();
                complete(c, now);
            } else if (inFlight) {
                stats.readErrors++;
            }
            // An idle keep-alive connection the server closed is not an error: reconnect before the next request.
            drop(c, now);
            return;
        }
        stats.bytesRead += n;
        if (n == 0) {
            return;
        }
        if (!inFlight) {
            stats.readErrors++;
            drop(c, now);
            return;
        }
        readBuffer.flip();
        try {
            if (c.parser.feed(readBuffer)) {
                complete(c, now);
            }
        } catch (HttpResponseParser.MalformedResponseException e) {
            stats.readErrors++;
            drop(c, now);
        }
    }

    private void complete(Connection c, long now) {
        long latencyUs = Math.max(1, (now - c.inFlightDueNs) / 1000);
        recorder.recordValue(Math.min(latencyUs, HIGHEST_US));
        uncorrected.recordValue(Math.min(Math.max(1, (now - c.sentNs) / 1000), HIGHEST_US));
        stats.completed++;
        int status = c.parser.status();
        if (status >= 100 && status < stats.byStatus.length) {
            stats.byStatus[status]++;
        }
        if (status < 200 || status > 399) {
            stats.non2xx++;
        }
        c.state = Connection.State.IDLE;
        c.idleSinceNs = now;
        if (c.parser.closeAfter()) {
            drop(c, now);
        }
    }

    /** Closes {@code c} and marks it to reconnect at {@code reconnectAtNs}; its schedule keeps running meanwhile. */
    private void drop(Connection c, long reconnectAtNs) {
        closeChannel(c);
        c.state = Connection.State.DISCONNECTED;
        c.reconnectAtNs = reconnectAtNs;
    }

    private static void closeChannel(Connection c) {
        if (c.key != null) {
            c.key.cancel();
            c.key = null;
        }
        if (c.channel != null) {
            try {
                c.channel.close();
            } catch (IOException ignored) {
                // Nothing left to do with a socket that fails to close.
            }
            c.channel = null;
        }
        c.pendingWrite = null;
    }
}
