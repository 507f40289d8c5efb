package course.harness;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.IntFunction;

/**
 * An HTTP client that speaks the course protocol to the nodes of a cluster:
 * {@code GET|PUT|DELETE /v0/entity?id=<key>[&ack=A&from=F]}. Keys are percent-encoded (UTF-8, space as %20).
 */
public final class KvClient {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final String ENTITY = "/v0/entity";

    private final IntFunction<String> urls;
    private final HttpClient http;
    private final Duration timeout;

    /** Talks to each node directly, never through its {@link NodeProxy}: a test's proxy faults are between nodes. */
    KvClient(Cluster cluster) {
        this(cluster::directUrl, DEFAULT_TIMEOUT);
    }

    public KvClient(IntFunction<String> urls, Duration timeout) {
        this.urls = urls;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    public KvClient withTimeout(Duration newTimeout) {
        return new KvClient(urls, newTimeout);
    }

    public Reply get(int node, String key) {
        return send(node, "GET", entity(key, null), null);
    }

    public Reply get(int node, String key, int ack, int from) {
        return send(node, "GET", entity(key, replicas(ack, from)), null);
    }

    public Reply put(int node, String key, byte[] value) {
        return send(node, "PUT", entity(key, null), value);
    }

    public Reply put(int node, String key, String value) {
        return put(node, key, value.getBytes(StandardCharsets.UTF_8));
    }

    public Reply put(int node, String key, byte[] value, int ack, int from) {
        return send(node, "PUT", entity(key, replicas(ack, from)), value);
    }

    public Reply delete(int node, String key) {
        return send(node, "DELETE", entity(key, null), null);
    }

    public Reply delete(int node, String key, int ack, int from) {
        return send(node, "DELETE", entity(key, replicas(ack, from)), null);
    }

    public static String entity(String key, String extraQuery) {
        return ENTITY + "?id=" + encode(key) + (extraQuery == null ? "" : "&" + extraQuery);
    }

    private static String replicas(int ack, int from) {
        return "ack=" + ack + "&from=" + from;
    }

    private static boolean closedBeforeAnyByte(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (message.contains("received no bytes")
                    || t.getClass().getSimpleName().equals("ConnectionExpiredException")) {
                return true;
            }
        }
        return false;
    }

    public static String encode(String key) {
        return URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Any request; {@code pathAndQuery} is sent as is. A missing answer is a {@link Reply} with status 0. */
    public Reply send(int node, String method, String pathAndQuery, byte[] body) {
        String url = urls.apply(node) + pathAndQuery;
        String what =
                method + " " + url + (body == null ? "" : " (" + body.length + "-byte body)") + " to node " + node;
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(timeout)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        try {
            HttpResponse<byte[]> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                if (!closedBeforeAnyByte(e)) {
                    throw e;
                }
                // The kept-alive connection was closed before a byte of the answer came (seen about once in 800,000
                // keep-alive requests on loopback, against the stage-1 and stage-2 references). GET, PUT and DELETE are
                // idempotent, so, as RFC 9110 9.2.2 allows and as browsers do, the request goes once more on a new
                // connection (java.net.http itself did not retry the PUTs and DELETEs it was seen on).
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            }
            return new Reply(what, response.statusCode(), response.body(), null);
        } catch (HttpTimeoutException e) {
            return new Reply(what, 0, new byte[0], "no answer within " + timeout.toMillis() + " ms");
        } catch (ConnectException e) {
            return new Reply(what, 0, new byte[0], "connection refused (is the node running?)");
        } catch (IOException e) {
            return new Reply(what, 0, new byte[0], e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(what, 0, new byte[0], "interrupted");
        }
    }
}
