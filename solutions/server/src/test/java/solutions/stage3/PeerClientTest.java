package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import solutions.stage1.ByteBudget;
import solutions.stage1.TestBudgets;
import solutions.stage1.TestHttp;

/**
 * What the client for other nodes answers when a peer cannot be reached, is silent, closes a connection before its
 * answer, answers garbage, or answers more than the budget for answers has room for; the peers here are real sockets
 * that do just that.
 */
@Timeout(30)
class PeerClientTest {
    private static final String SELF = "http://127.0.0.1:1";
    private static final Duration TIMEOUT = Duration.ofMillis(300);

    private interface Behaviour {
        void serve(Socket s) throws IOException;
    }

    /** A peer on a real socket: its n-th connection gets the n-th behaviour (the last one from then on). */
    private static final class Peer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0);
        final AtomicInteger connections = new AtomicInteger();
        final List<Socket> open = new CopyOnWriteArrayList<>();

        Peer(Behaviour... script) throws IOException {
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        Socket s = socket.accept();
                        open.add(s);
                        int n = connections.getAndIncrement();
                        script[Math.min(n, script.length - 1)].serve(s);
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : open) {
                s.close();
            }
        }
    }

    /** Reads one request, head and body, and gives its head. */
    private static String readRequest(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        String text = TestHttp.readHead(in);
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(
                        line.substring("content-length:".length()).trim()));
            }
        }
        return text;
    }

    private static Behaviour answering(String head, byte[] body) {
        return s -> {
            readRequest(s);
            s.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
        };
    }

    private static Behaviour answeringOk(byte[] value) {
        return answering("HTTP/1.1 200 OK\r\nContent-Length: " + value.length + "\r\n\r\n", value);
    }

    /** A GET of {@code peer}'s answer, read into the room {@code memory} has for answers. */
    private static Response get(Peer peer, PeerAnswerMemory memory) {
        try (PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            return client.send(peer.url(), "GET", "/v0/entity?id=k", null, Map.of(), memory)
                    .join();
        }
    }

    private static final Behaviour CREATED =
            answering("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n", new byte[0]);

    private static int closedPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }

    /** The answer's text without the line end the reference's plain-text answers close with. */
    private static String text(Response r) {
        return new String(r.getBody(), StandardCharsets.UTF_8).stripTrailing();
    }

    @Test
    void anOwnerThatRefusesTheConnectionIs503NamingItAndMarkedUnreachable() throws IOException {
        String peer = "http://127.0.0.1:" + closedPort();
        try (PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            Response r =
                    client.send(peer, "GET", "/v0/entity?id=k", null, Map.of()).join();
            assertEquals(503, r.getStatus(), text(r));
            assertEquals("node " + peer + " is unavailable: connection refused", text(r));
            assertEquals(peer, r.getHeader(PeerClient.UNREACHABLE_HEADER + ": "), String.join("\n", r.getHeaders()));
        }
    }

    @Test
    void anOwnerThatNeverAnswersIs504NamingItAndTheTimeout() throws IOException {
        try (Peer silent = new Peer(s -> {});
                PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            Response r = client.send(silent.url(), "GET", "/v0/entity?id=k", null, Map.of())
                    .join();
            assertEquals(504, r.getStatus(), text(r));
            assertEquals("node " + silent.url() + " did not answer within 300 ms", text(r));
            assertEquals(null, r.getHeader(PeerClient.UNREACHABLE_HEADER + ": "), "it is reachable, only silent");
        }
    }

    @Test
    void aConnectionClosedBeforeAnyByteOfTheAnswerIsTriedOnceMore() throws IOException {
        Behaviour hangUp = s -> {
            readRequest(s);
            s.close();
        };
        try (Peer peer = new Peer(hangUp, CREATED);
                PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            Response r = client.send(peer.url(), "PUT", "/v0/entity?id=k", new byte[] {1, 2, 3}, Map.of())
                    .join();
            assertEquals(201, r.getStatus(), text(r));
            assertEquals(2, peer.connections.get());
        }
    }

    @Test
    void aGarbledAnswerIsNotTriedAgain() throws IOException {
        try (Peer peer = new Peer(answering("garbage\r\n\r\n", new byte[0]), CREATED);
                PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            Response r = client.send(peer.url(), "PUT", "/v0/entity?id=k", new byte[] {1}, Map.of())
                    .join();
            assertEquals(503, r.getStatus(), text(r));
            assertTrue(text(r).startsWith("node " + peer.url() + " is unavailable: "), text(r));
            assertEquals(peer.url(), r.getHeader(PeerClient.UNREACHABLE_HEADER + ": "));
            assertEquals(1, peer.connections.get(), "only a connection that closed before any byte goes again");
        }
    }

    @Test
    void theRequestNamesItsSenderCarriesTheSecretAndTheHeadersGiven() throws IOException {
        AtomicReference<String> seen = new AtomicReference<>();
        Behaviour recording = s -> {
            seen.set(readRequest(s));
            s.getOutputStream()
                    .write("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        };
        try (Peer peer = new Peer(recording);
                PeerClient client = new PeerClient(SELF, "the-secret", TIMEOUT)) {
            Response r = client.send(peer.url(), "PUT", "/v0/entity?id=k", new byte[] {1}, Map.of("X-Extra", "yes"))
                    .join();
            assertEquals(201, r.getStatus(), text(r));
            String head = seen.get().toLowerCase(Locale.ROOT);
            assertTrue(head.contains("\r\nx-extra: yes\r\n"), head);
            assertTrue(
                    head.contains("\r\n" + PeerClient.INTERNAL_HEADER.toLowerCase(Locale.ROOT) + ": " + SELF + "\r\n"),
                    head);
            assertTrue(
                    head.contains("\r\n" + PeerClient.SECRET_HEADER.toLowerCase(Locale.ROOT) + ": the-secret\r\n"),
                    head);
        }
    }

    @Test
    void anAnswerWithoutRoomInTheBudgetIsNotReadAndBecomesA503SayingWhy() throws IOException {
        byte[] value = new byte[100_000];
        ByteBudget budget = TestBudgets.of(1000, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        try (Peer peer = new Peer(answeringOk(value))) {
            Response r = get(peer, memory);
            assertEquals(503, r.getStatus(), text(r));
            assertEquals(
                    "node " + peer.url() + " answered, but no room for its 100000-byte answer in the node's budget"
                            + " for answers (0 of 1000 bytes held): retry later",
                    text(r));
        } finally {
            memory.release();
        }
    }

    @Test
    void anAnswerWithRoomIsReadWholeAndHeldUntilReleased() throws IOException {
        byte[] value = new byte[100_000];
        value[99_999] = 7;
        ByteBudget budget = TestBudgets.of(1 << 24, "unsent answers");
        PeerAnswerMemory memory = new PeerAnswerMemory(budget);
        try (Peer peer = new Peer(answeringOk(value))) {
            Response r = get(peer, memory);
            assertEquals(200, r.getStatus(), text(r));
            assertEquals(7, r.getBody()[99_999]);
            assertEquals(value.length, r.getBody().length);
            assertTrue(budget.reservedBytes() >= value.length, "held: " + budget.reservedBytes());
        } finally {
            memory.release();
        }
        assertEquals(0, budget.reservedBytes());
    }

    /**
     * A large answer's bytes are copied into its array as each buffer comes, so the client's buffers are let go of at
     * once: {@code BodySubscribers.ofByteArray} keeps them all and copies at the end, twice the answer for a moment.
     * Told apart by what a buffer holds after it was given: a reader that kept it sees the change.
     */
    @Test
    void aLargeAnswerIsCopiedOutOfEachBufferAsItComes() throws Exception {
        try (PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            HttpResponse.BodySubscriber<byte[]> reader = PeerClient.answerReader("GET", withLength(100_000));
            reader.onSubscribe(NO_FLOW_CONTROL);
            ByteBuffer first = ByteBuffer.wrap(filled(60_000, (byte) 1));
            reader.onNext(List.of(first));
            first.clear().put(filled(60_000, (byte) 9)); // the client reuses or drops a buffer once it was given
            reader.onNext(List.of(ByteBuffer.wrap(filled(40_000, (byte) 2))));
            reader.onComplete();
            byte[] body = reader.getBody().toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertEquals(
                    100_000,
                    body.length,
                    "a reader that keeps the buffers it was given reads what they hold at the end");
            assertEquals(1, body[59_999], "the first buffer's bytes as they were when it was given");
            assertEquals(2, body[99_999]);
        }
    }

    @Test
    void aLargeAnswerLongerOrShorterThanItsLengthFails() throws Exception {
        try (PeerClient client = new PeerClient(SELF, "s", TIMEOUT)) {
            HttpResponse.BodySubscriber<byte[]> longer = PeerClient.answerReader("GET", withLength(70_000));
            longer.onSubscribe(NO_FLOW_CONTROL);
            longer.onNext(List.of(ByteBuffer.wrap(new byte[70_001])));
            Throwable tooLong = assertThrows(
                            ExecutionException.class,
                            () -> longer.getBody().toCompletableFuture().get(5, TimeUnit.SECONDS))
                    .getCause();
            assertEquals("the peer's answer is longer than its Content-Length of 70000", tooLong.getMessage());

            HttpResponse.BodySubscriber<byte[]> shorter = PeerClient.answerReader("GET", withLength(70_000));
            shorter.onSubscribe(NO_FLOW_CONTROL);
            shorter.onNext(List.of(ByteBuffer.wrap(new byte[69_999])));
            shorter.onComplete();
            Throwable tooShort = assertThrows(
                            ExecutionException.class,
                            () -> shorter.getBody().toCompletableFuture().get(5, TimeUnit.SECONDS))
                    .getCause();
            assertEquals("the peer's answer ended after 69999 of its 70000 bytes", tooShort.getMessage());
        }
    }

    private static final Flow.Subscription NO_FLOW_CONTROL = new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };

    private static HttpResponse.ResponseInfo withLength(long length) {
        HttpHeaders headers =
                HttpHeaders.of(Map.of("Content-Length", List.of(Long.toString(length))), (name, value) -> true);
        return new HttpResponse.ResponseInfo() {
            @Override
            public int statusCode() {
                return 200;
            }

            @Override
            public HttpHeaders headers() {
                return headers;
            }

            @Override
            public HttpClient.Version version() {
                return HttpClient.Version.HTTP_1_1;
            }
        };
    }

    private static byte[] filled(int length, byte b) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, b);
        return bytes;
    }

    @Test
    void theBodySentIsLetGoOfOnceTheAnswerCame() throws IOException {
        AtomicReference<HttpRequest.BodyPublisher> sent = new AtomicReference<>();
        try (Peer peer = new Peer(CREATED);
                PeerClient client = new PeerClient(SELF, "s", TIMEOUT) {
                    @Override
                    protected HttpRequest.BodyPublisher publisher(byte[] body) {
                        sent.set(super.publisher(body));
                        return sent.get();
                    }
                }) {
            assertEquals(
                    201,
                    client.send(peer.url(), "PUT", "/v0/entity?id=k", new byte[10], Map.of())
                            .join()
                            .getStatus());
        }
        AtomicReference<Throwable> error = new AtomicReference<>();
        sent.get().subscribe(new Flow.Subscriber<ByteBuffer>() {
            @Override
            public void onSubscribe(Flow.Subscription s) {}

            @Override
            public void onNext(ByteBuffer item) {}

            @Override
            public void onError(Throwable t) {
                error.set(t);
            }

            @Override
            public void onComplete() {}
        });
        assertInstanceOf(IllegalStateException.class, error.get(), "the body still held the value after the call");
    }

    @Test
    void aWorkerWaitsNoLongerThanThreeTimeoutsAndAnInterruptIsKept() {
        try (PeerClient client = new PeerClient(SELF, "s", Duration.ofMillis(50))) {
            assertEquals(Duration.ofMillis(50), client.timeout());
            Response late = client.await(new CompletableFuture<>());
            assertEquals(504, late.getStatus());
            assertEquals("no answer from a peer: java.util.concurrent.TimeoutException", text(late));
            Thread.currentThread().interrupt();
            Response interrupted = client.await(new CompletableFuture<>());
            assertTrue(Thread.interrupted(), "the interrupt was swallowed");
            assertEquals(503, interrupted.getStatus());
            assertEquals("interrupted while waiting for a peer", text(interrupted));
        }
    }

    @Test
    void aCloseThatIsInterruptedKeepsTheInterrupt() {
        PeerClient client = new PeerClient(SELF, "s", TIMEOUT);
        Thread.currentThread().interrupt();
        client.close();
        assertTrue(Thread.interrupted(), "close() swallowed the interrupt of the thread that stops the node");
    }

    @Test
    void thePeerTimeoutPropertyMustBePositive() {
        String before = System.getProperty("course.peerTimeoutMillis");
        try {
            System.setProperty("course.peerTimeoutMillis", "1");
            assertEquals(Duration.ofMillis(1), PeerClient.timeoutFromSystemProperties());
            System.setProperty("course.peerTimeoutMillis", "0");
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, PeerClient::timeoutFromSystemProperties);
            assertEquals("-Dcourse.peerTimeoutMillis must be a positive whole number, got '0'", e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("course.peerTimeoutMillis");
            } else {
                System.setProperty("course.peerTimeoutMillis", before);
            }
        }
    }
}
