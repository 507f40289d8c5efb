package solutions.stage3;

import java.io.Closeable;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import one.nio.http.Response;
import solutions.stage1.Responses;

/**
 * Requests from this node to the other nodes of the cluster, with java.net.http's asynchronous client. Every request
 * carries {@value #INTERNAL_HEADER} (naming the sender) so the receiver serves it itself and never forwards it again,
 * and the cluster's secret in {@value #SECRET_HEADER} so that the receiver knows a node sent it, not a client.
 * A peer that cannot be reached becomes an answer, not an exception: 503 when it refused or broke the connection,
 * 504 when it did not answer in time; the body names the peer. Not final only so that course mutants can leave out
 * the second attempt ({@link #closedBeforeAnyByte}) or send bodies as java.net.http does by default.
 */
public class PeerClient implements Closeable {
    public static final String INTERNAL_HEADER = "X-Course-Internal";
    /** Proves an {@value #INTERNAL_HEADER} request comes from a node of the cluster: the cluster's secret. */
    public static final String SECRET_HEADER = "X-Course-Cluster-Secret";

    /** How long a peer has to answer ({@code -Dcourse.peerTimeoutMillis}, default 1000). */
    public static Duration timeoutFromSystemProperties() {
        String value = System.getProperty("course.peerTimeoutMillis", "1000").trim();
        try {
            long millis = Long.parseLong(value);
            if (millis > 0) {
                return Duration.ofMillis(millis);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(
                "-Dcourse.peerTimeoutMillis must be a positive whole number, got '" + value + "'");
    }

    /**
     * Marks a 503 this client made up because the peer could not be reached, apart from a 503 the peer itself sent
     * (it is up, only busy): a coordinator answers 504 for the first and 503 for the second.
     */
    public static final String UNREACHABLE_HEADER = "X-Course-Unreachable";

    /**
     * The body of an answer {@link PeerAnswerMemory} had no room for: it was dropped unread. Told apart by identity
     * (an empty answer's body is another empty array).
     */
    private static final byte[] UNREAD = new byte[0];

    private final String self;
    private final String secret;
    private final Duration timeout;
    private final HttpClient http;

    /** @param secret the cluster's secret ({@code ServiceConfig.clusterSecret()}), sent with every request */
    public PeerClient(String self, String secret, Duration timeout) {
        this.self = self;
        this.secret = secret;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
    }

    public Duration timeout() {
        return timeout;
    }

    /** Sends {@code method pathAndQuery} with the body to the peer; the future never completes exceptionally. */
    public CompletableFuture<Response> send(
            String peer, String method, String pathAndQuery, byte[] body, Map<String, String> headers) {
        return send(peer, method, pathAndQuery, body, headers, null);
    }

    /**
     * {@link #send}, with the answer's body held in {@code memory} (null: not counted) from its headers on; an answer
     * for which it has no room is not read, and becomes a 503 that says why.
     */
    // handle() gives a future of a future on purpose: thenCompose(f -> f) flattens it. UNREAD: compared by identity.
    @SuppressWarnings({"FutureReturnValueIgnored", "ReferenceEquality"})
    public CompletableFuture<Response> send(
            String peer,
            String method,
            String pathAndQuery,
            byte[] body,
            Map<String, String> headers,
            PeerAnswerMemory memory) {
        HttpRequest.BodyPublisher published = body == null ? null : publisher(body);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(peer + pathAndQuery))
                .timeout(timeout)
                .header(INTERNAL_HEADER, self)
                .header(SECRET_HEADER, secret)
                .method(method, published == null ? HttpRequest.BodyPublishers.noBody() : published);
        headers.forEach(request::header);
        HttpRequest built = request.build();
        HttpResponse.BodyHandler<byte[]> answers =
                info -> memory == null || memory.tryHold(contentLength(info.headers()))
                        ? answerReader(method, info)
                        : HttpResponse.BodySubscribers.replacing(UNREAD);
        return http.sendAsync(built, answers)
                // A kept-alive connection now and then closes before a byte of the answer comes (about once in
                // several 100,000 requests here); every request between nodes is idempotent (replica writes carry
                // their timestamp), so it goes once more on a new connection instead of failing a replica.
                .handle((r, e) -> e != null && closedBeforeAnyByte(e)
                        ? http.sendAsync(built, answers)
                        : r != null
                                ? CompletableFuture.completedFuture(r)
                                : CompletableFuture.<HttpResponse<byte[]>>failedFuture(e))
                .thenCompose(f -> f)
                .thenApply(r -> r.body() == UNREAD
                        ? Responses.text(
                                Response.SERVICE_UNAVAILABLE,
                                "node " + peer + " answered, but " + memory.refusal(contentLength(r.headers())))
                        : new Response(StatusLine.of(r.statusCode()), r.body()))
                .exceptionally(e -> unreachable(peer, e))
                .whenComplete((r, e) -> {
                    if (published instanceof PeerRequestBody sent) {
                        sent.release();
                    }
                })
                // The request timeout covers the headers only; a body that never ends must not hold a worker.
                .completeOnTimeout(timedOut(peer), 2 * timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * What sends a value to a peer: a {@link PeerRequestBody}, let go of once the call is over. A course mutant gives
     * {@code BodyPublishers.ofByteArray} instead, which idle pooled connections keep.
     */
    protected HttpRequest.BodyPublisher publisher(byte[] body) {
        return new PeerRequestBody(body);
    }

    /**
     * What reads an answer's body: a large one with a length into one array as it comes ({@link PeerAnswerBody}); a
     * small one, one without a length, and a HEAD's (which has none) as java.net.http reads them.
     */
    static HttpResponse.BodySubscriber<byte[]> answerReader(String method, HttpResponse.ResponseInfo info) {
        long length = contentLength(info.headers());
        return length >= PeerAnswerMemory.SMALL_BYTES && length <= Integer.MAX_VALUE - 8 && !method.equals("HEAD")
                ? new PeerAnswerBody((int) length)
                : HttpResponse.BodySubscribers.ofByteArray();
    }

    private static long contentLength(HttpHeaders headers) {
        return headers.firstValueAsLong("Content-Length").orElse(0);
    }

    /** Waits for an answer from {@link #send}; a worker waits no longer than the peer timeout allows. */
    public Response await(CompletableFuture<Response> answer) {
        try {
            return answer.get(3 * timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Responses.text(Response.SERVICE_UNAVAILABLE, "interrupted while waiting for a peer");
        } catch (ExecutionException | TimeoutException e) {
            return Responses.text(Response.GATEWAY_TIMEOUT, "no answer from a peer: " + e);
        }
    }

    /** Whether the request failed because its kept-alive connection closed before a byte of the answer came. */
    protected boolean closedBeforeAnyByte(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("received no bytes")
                    || t.getClass().getSimpleName().equals("ConnectionExpiredException")) {
                return true;
            }
        }
        return false;
    }

    private Response unreachable(String peer, Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof HttpTimeoutException) {
            return timedOut(peer);
        }
        String why = cause instanceof ConnectException ? "connection refused" : String.valueOf(cause);
        Response down = Responses.text(Response.SERVICE_UNAVAILABLE, "node " + peer + " is unavailable: " + why);
        down.addHeader(UNREACHABLE_HEADER + ": " + peer);
        return down;
    }

    /** The answer when {@code peer} did not answer in time: it names the node, so a client knows which one is slow. */
    protected Response timedOut(String peer) {
        return Responses.text(
                Response.GATEWAY_TIMEOUT, "node " + peer + " did not answer within " + timeout.toMillis() + " ms");
    }

    /**
     * Aborts the calls still in flight and waits a little for the client's threads: {@code HttpClient.close()} would
     * wait for every call to end, so a node's stop would hang on a peer that accepted a call and never answers.
     */
    @Override
    public void close() {
        http.shutdownNow();
        try {
            http.awaitTermination(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
