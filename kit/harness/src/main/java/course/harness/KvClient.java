package course.harness;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.IntFunction;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * An HTTP client that speaks the course protocol to the nodes of a cluster:
 * {@code GET|PUT|DELETE /v0/entity?id=<key>[&ack=A&from=F]}. Keys are percent-encoded (UTF-8, space as %20).
 *
 * <p>Blocking HTTP/1.1 on pooled connections (Apache HttpClient 5, classic): the tests' clients are threads that
 * wait for each answer. java.net.http, used before, hands every request between three threads and cost 220-310 us of
 * CPU per request on the 2-core machine (32 threads x 1,000 PUTs to a stage-1 node: 7.1-10.3 core-s), 2-5 times what
 * this costs (1.6-2.5 core-s) and 10 times what the node itself spent: the suite's CPU went to the clients.
 */
public final class KvClient {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final String ENTITY = "/v0/entity";
    private static final Timeout CONNECT_TIMEOUT = Timeout.ofSeconds(5);

    /**
     * Connections idle this long are checked before reuse (a read of up to 1 ms): a node that closed them (on a
     * restart, after a refusal, on its idle timeout) would otherwise fail the next request sent on one.
     */
    private static final TimeValue CHECK_AFTER_IDLE = TimeValue.ofMilliseconds(100);

    private final IntFunction<String> urls;
    private final Connections connections;
    private final Duration timeout;
    /** How long each request waits, for a pooled connection and then for each read of its answer. */
    private final RequestConfig waits;

    /** Talks to each node directly, never through its {@link NodeProxy}: a test's proxy faults are between nodes. */
    KvClient(Cluster cluster) {
        this(cluster::directUrl, DEFAULT_TIMEOUT);
    }

    public KvClient(IntFunction<String> urls, Duration timeout) {
        this(urls, Connections.open(), timeout);
    }

    private KvClient(IntFunction<String> urls, Connections connections, Duration timeout) {
        this.urls = urls;
        this.connections = connections;
        this.timeout = timeout;
        this.waits = RequestConfig.custom()
                .setResponseTimeout(Timeout.of(timeout))
                .setConnectionRequestTimeout(Timeout.of(timeout))
                .build();
    }

    /** The pooled connections of a client and of the copies {@link #withTimeout} makes of it. */
    private record Connections(PoolingHttpClientConnectionManager pool, CloseableHttpClient http) {
        /**
         * No limit a test would meet on connections per node (the pool's default of 5 would make clients wait), no
         * retries, redirects, cookies or compression: what a test sends is what the node gets, and what the node
         * answers is what the test sees.
         */
        static Connections open() {
            PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnTotal(4096)
                    .setMaxConnPerRoute(4096)
                    .setDefaultConnectionConfig(ConnectionConfig.custom()
                            .setConnectTimeout(CONNECT_TIMEOUT)
                            .setValidateAfterInactivity(CHECK_AFTER_IDLE)
                            .build())
                    .build();
            CloseableHttpClient http = HttpClients.custom()
                    .setConnectionManager(pool)
                    .disableAutomaticRetries()
                    .disableRedirectHandling()
                    .disableCookieManagement()
                    .disableContentCompression()
                    .disableAuthCaching()
                    .build();
            return new Connections(pool, http);
        }
    }

    /** The same connections, another wait for each answer. */
    public KvClient withTimeout(Duration newTimeout) {
        return new KvClient(urls, connections, newTimeout);
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

    public static String encode(String key) {
        return URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Any request; {@code pathAndQuery} is sent as is. A missing answer is a {@link Reply} with status 0. */
    public Reply send(int node, String method, String pathAndQuery, byte[] body) {
        String url = urls.apply(node) + pathAndQuery;
        String what =
                method + " " + url + (body == null ? "" : " (" + body.length + "-byte body)") + " to node " + node;
        try {
            try {
                return exchange(what, method, url, body);
            } catch (NoHttpResponseException | SocketException e) {
                // A kept-alive connection the node had closed, found so only by using it: no byte of an answer came,
                // or the request could not be written (a node restarted, or closed connections after refusing). GET,
                // PUT and DELETE are idempotent, so, as RFC 9110 9.2.2 allows and as browsers do, the request goes
                // once more, on a new connection: the pool's other idle ones may be closed too.
                if (e instanceof ConnectException) {
                    throw e; // no connection at all: nothing stale to leave behind
                }
                connections.pool().closeIdle(TimeValue.ZERO_MILLISECONDS);
                return exchange(what, method, url, body);
            }
        } catch (ConnectException e) {
            return new Reply(what, 0, new byte[0], "connection refused (is the node running?)");
        } catch (InterruptedIOException e) {
            // A read that waited longer than the timeout, or a connection not made within 5 s.
            if (Thread.currentThread().isInterrupted()) {
                return new Reply(what, 0, new byte[0], "interrupted");
            }
            return new Reply(what, 0, new byte[0], "no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            return new Reply(what, 0, new byte[0], e.toString());
        }
    }

    private Reply exchange(String what, String method, String url, byte[] body) throws IOException {
        HttpUriRequestBase request = new HttpUriRequestBase(method, URI.create(url));
        request.setConfig(waits);
        if (body != null) {
            request.setEntity(new ByteArrayEntity(body, null));
        }
        return connections.http().execute(request, response -> {
            HttpEntity entity = response.getEntity();
            return new Reply(
                    what, response.getCode(), entity == null ? new byte[0] : EntityUtils.toByteArray(entity), null);
        });
    }
}
