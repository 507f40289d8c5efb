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
 * One generator thread: a selector over its share of the connections. It sends each connection's requests when
 * they fall due and records, per response, the time from the request's due time to the response's last byte.
 */
final class LoadWorker implements Runnable {
    /** A send this much later than it was due, with the connection free, means the generator itself fell behind. */
    static final long LATE_SEND_NS = 1_000_000;
    /** Latencies are recorded in microseconds up to an hour; longer ones are clamped to it. */
    static final long HIGHEST_US = 3_600_000_000L;

    private static final long CONNECT_RETRY_NS = 10_000_000;
    private static final long MAX_DRAIN_NS = 2_000_000_000L;

    private final List<Connection> connections;
    private final RequestFactory requests;
    private final SingleWriterRecorder recorder;
    private final WorkerStats stats = new WorkerStats();
    private final long endNs;
    /** Requests due before the end get this long after it to complete, so short runs are not undercounted. */
    private final long drainEndNs;
    private final long timeoutNs;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);
    private Selector selector;
    private volatile Throwable failure;
    private volatile long tickAtNs = Long.MAX_VALUE;
    private volatile boolean stopped;
    /**
     * When this thread last came back from a blocking select. A request that fell due while the thread slept and
     * went out late was held up by the OS waking the thread late (a busy machine, shown by the contention
     * measures), not by the generator: only lateness after this moment is the generator's own.
     */
    private long awakeSinceNs = System.nanoTime();

    LoadWorker(List<Connection> connections, RequestFactory requests, long endNs, long timeoutNs) {
        this.connections = connections;
        this.requests = requests;
        this.endNs = endNs;
        this.timeoutNs = timeoutNs;
        this.drainEndNs = endNs + Math.min(timeoutNs, MAX_DRAIN_NS);
        this.recorder = new SingleWriterRecorder(1, HIGHEST_US, 3);
    }

    WorkerStats stats() {
        return stats;
    }

    SingleWriterRecorder recorder() {
        return recorder;
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
        Thread ticker = new Thread(this::tick, Thread.currentThread().getName() + "-ticker");
        ticker.setDaemon(true);
        ticker.start();
        try {
            long lastWakeAt = Long.MIN_VALUE;
            while (true) {
                long now = System.nanoTime();
                boolean sending = now < endNs;
                if (!sending && (now >= drainEndNs || !anyInFlight())) {
                    return;
                }
                long wakeAt = sending ? endNs : drainEndNs;
                for (Connection c : connections) {
                    wakeAt = Math.min(wakeAt, service(c, now, sending));
                }
                long waitNs = wakeAt - System.nanoTime();
                if (waitNs <= 0) {
                    selector.selectNow(this::onReady);
                    continue;
                }
                if (wakeAt != lastWakeAt) {
                    tickAtNs = wakeAt;
                    lastWakeAt = wakeAt;
                    LockSupport.unpark(ticker);
                }
                // The ticker ends this select on time; the timeout only guards against a lost wake-up.
                selector.select(this::onReady, waitNs / 1_000_000 + 2);
                awakeSinceNs = System.nanoTime();
            }
        } finally {
            stopped = true;
            LockSupport.unpark(ticker);
        }
    }

    /**
     * Wakes the selector when the next request falls due. select() only takes whole milliseconds, and polling
     * the sockets instead would burn the CPU the server under test needs; a parked thread wakes within tens of us.
     */
    private void tick() {
        long fired = Long.MIN_VALUE;
        while (!stopped) {
            long at = tickAtNs;
            if (at == fired) {
                LockSupport.park(this);
                continue;
            }
            long waitNs = at - System.nanoTime();
            if (waitNs > 0) {
                LockSupport.parkNanos(this, waitNs);
                continue;
            }
            fired = at;
            selector.wakeup();
        }
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
        ByteBuffer request = ByteBuffer.wrap(requests.next(c.target));
        try {
            c.channel.write(request);
        } catch (IOException e) {
            stats.writeErrors++;
            drop(c, now);
            return;
        }
        if (request.hasRemaining()) {
            c.pendingWrite = request;
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
