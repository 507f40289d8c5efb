package course.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A one-thread NIO HTTP server for the generator's tests: it answers every request at once with a fixed status,
 * and can stall once (the whole server, like a stop-the-world pause) or hang up on every n-th request.
 */
final class TestHttpServer implements AutoCloseable {
    private final ServerSocketChannel server;
    private final Selector selector;
    private final Thread thread;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private volatile int status = 200;
    private volatile long hangUpEvery;
    private volatile long stallAfterRequests = Long.MAX_VALUE;
    private volatile long stallMs;
    private volatile boolean running = true;
    private volatile String lastHead = "";
    private volatile long serviceNanos;
    private long nextSlotNs;
    private final ArrayDeque<Delayed> delayed = new ArrayDeque<>();

    // the tests connect to 127.0.0.1: the server listens on exactly that address.
    @SuppressWarnings("AddressSelection")
    TestHttpServer() throws IOException {
        server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress("127.0.0.1", 0), 1024);
        server.configureBlocking(false);
        selector = Selector.open();
        server.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::serve, "test-http-server");
        thread.setDaemon(true);
        thread.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.socket().getLocalPort();
    }

    long requests() {
        return requests.get();
    }

    /** How many connections it has accepted. */
    long connections() {
        return connections.get();
    }

    /** The request line and headers of the latest request (what a client option such as -H changed). */
    String lastHead() {
        return lastHead;
    }

    TestHttpServer status(int code) {
        this.status = code;
        return this;
    }

    /**
     * Answers one request per {@code micros} of wall-clock time, in arrival order: a server whose capacity is exactly
     * 1/service-time requests/s however busy the test machine is; above it the queue and the latency grow.
     */
    TestHttpServer serviceMicros(long micros) {
        this.serviceNanos = micros * 1000;
        return this;
    }

    /** Closes the connection instead of answering every n-th request. */
    TestHttpServer hangUpEvery(long n) {
        this.hangUpEvery = n;
        return this;
    }

    /**
     * Stops answering for {@code stallMs}, once, as soon as {@code requests} requests have come: at a point of the
     * run, not of the clock, so a machine slow to start the run cannot move the stall before its first request.
     */
    TestHttpServer stallOnceAfter(long requests, long stallMs) {
        this.stallMs = stallMs;
        this.stallAfterRequests = requests;
        return this;
    }

    private void serve() {
        ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);
        try {
            while (running) {
                selector.select(releaseDue());
                if (requests.get() >= stallAfterRequests) {
                    stallAfterRequests = Long.MAX_VALUE;
                    Thread.sleep(stallMs);
                }
                var it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        SocketChannel ch = server.accept();
                        if (ch != null) {
                            connections.incrementAndGet();
                            ch.configureBlocking(false);
                            ch.register(selector, SelectionKey.OP_READ, new RequestReader());
                        }
                    } else if (key.isReadable()) {
                        onReadable(key, in);
                    }
                }
            }
        } catch (IOException | InterruptedException e) {
            // The test closed the server.
        }
    }

    private void onReadable(SelectionKey key, ByteBuffer in) throws IOException {
        SocketChannel ch = (SocketChannel) key.channel();
        RequestReader reader = (RequestReader) key.attachment();
        in.clear();
        int n;
        try {
            n = ch.read(in);
        } catch (IOException e) {
            n = -1;
        }
        if (n < 0) {
            key.cancel();
            ch.close();
            return;
        }
        in.flip();
        while (in.hasRemaining()) {
            if (!reader.feed(in)) {
                continue;
            }
            lastHead = reader.head;
            long count = requests.incrementAndGet();
            if (hangUpEvery > 0 && count % hangUpEvery == 0) {
                key.cancel();
                ch.close();
                return;
            }
            byte[] response =
                    ("HTTP/1.1 " + status + " X\r\nContent-Length: 2\r\n\r\nok").getBytes(StandardCharsets.ISO_8859_1);
            if (serviceNanos > 0) {
                long slot = Math.max(System.nanoTime(), nextSlotNs);
                nextSlotNs = slot + serviceNanos;
                delayed.add(new Delayed(slot, ch, response));
            } else {
                writeFully(ch, response);
            }
        }
    }

    private static void writeFully(SocketChannel ch, byte[] response) throws IOException {
        ByteBuffer out = ByteBuffer.wrap(response);
        while (out.hasRemaining()) {
            ch.write(out);
        }
    }

    /** Sends the answers whose slot has come; a late wake-up sends all that are due, so the cap holds over time. */
    private long releaseDue() {
        long now = System.nanoTime();
        while (!delayed.isEmpty() && delayed.peek().slotNs <= now) {
            Delayed d = delayed.poll();
            try {
                writeFully(d.channel, d.response);
            } catch (IOException e) {
                // The client went away while its answer waited.
            }
        }
        return delayed.isEmpty() ? 100 : Math.max(1, (delayed.peek().slotNs - now) / 1_000_000);
    }

    // an answer waiting for its slot; never compared or hashed.
    @SuppressWarnings("ArrayRecordComponent")
    private record Delayed(long slotNs, SocketChannel channel, byte[] response) {}

    /** Finds the end of each request: headers to the blank line, then Content-Length bytes of body. */
    private static final class RequestReader {
        private final StringBuilder headers = new StringBuilder();
        private long bodyLeft = -1;
        private String head = "";

        boolean feed(ByteBuffer in) {
            while (in.hasRemaining()) {
                if (bodyLeft > 0) {
                    int skip = (int) Math.min(bodyLeft, in.remaining());
                    in.position(in.position() + skip);
                    bodyLeft -= skip;
                    if (bodyLeft == 0) {
                        bodyLeft = -1;
                        return true;
                    }
                    continue;
                }
                headers.append((char) in.get());
                int len = headers.length();
                if (len >= 4
                        && headers.charAt(len - 1) == '\n'
                        && headers.charAt(len - 2) == '\r'
                        && headers.charAt(len - 3) == '\n'
                        && headers.charAt(len - 4) == '\r') {
                    head = headers.toString();
                    long body = contentLength(head);
                    headers.setLength(0);
                    if (body > 0) {
                        bodyLeft = body;
                    } else {
                        return true;
                    }
                }
            }
            return false;
        }

        private static long contentLength(String head) {
            for (String line : head.split("\r\n")) {
                if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    return Long.parseLong(line.substring(15).trim());
                }
            }
            return 0;
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        selector.wakeup();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (SelectionKey k : selector.keys()) {
            k.channel().close();
        }
        selector.close();
        server.close();
    }
}
