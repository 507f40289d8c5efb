package course.hidden.stage4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.WhileBusy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client sends the requests that the course's reference nodes send each other (its header names: a node's mark
 * and a replica write's timestamp), as if it were a node. None may take effect: a replica write with a timestamp
 * from the far future must not outlive the next ordinary write, and a marked read must not answer anything but the
 * value a client may see. A node that does not know these headers serves them as a client's requests and passes.
 * The tests share one cluster ({@link WithCluster#perClass()}): each forges requests for keys of its own.
 */
@Stage(4)
@WithCluster(nodes = 3, jvm = NodeJvm.QUICK_START, perClass = true)
class ForgedInternalRequestsTest {
    static final String INTERNAL_HEADER = "X-Course-Internal";
    static final String TIMESTAMP_HEADER = "X-Course-Timestamp";
    static final String FAR_FUTURE = String.valueOf(Long.MAX_VALUE);

    /** A client of its own per test: a test JVM may run this class more than once (the mutant check does). */
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @AfterEach
    void closeClient() {
        http.close();
    }

    @Test
    @Checks({"s4-secret", "s3-secret", "c-secret"})
    void aForgedReplicaWriteWithAFarFutureTimestampDoesNotPinItsValue(Cluster cluster) throws Exception {
        List<String> wrong = new ArrayList<>();
        forgedThenWritten(cluster, wrong, "PUT", "pinned", "pinned".getBytes(StandardCharsets.UTF_8), 0, "ordinary");
        assertEquals(
                List.of(),
                wrong,
                "PUTs marked " + INTERNAL_HEADER + " with " + TIMESTAMP_HEADER + ": " + FAR_FUTURE
                        + " came from a client, not from a node, then an ordinary PUT of 'ordinary'");
    }

    @Test
    @Checks({"s4-secret", "s3-secret", "c-secret"})
    void aForgedReplicaDeleteWithAFarFutureTimestampDoesNotHideLaterWrites(Cluster cluster) throws Exception {
        List<String> wrong = new ArrayList<>();
        KvClient c = cluster.client();
        expect(wrong, busyAgain(() -> c.put(0, "buried", "before".getBytes(StandardCharsets.UTF_8), 3, 3)), 201, null);
        forgedThenWritten(cluster, wrong, "DELETE", "buried", null, 1, "after");
        assertEquals(
                List.of(),
                wrong,
                "DELETEs marked " + INTERNAL_HEADER + " with " + TIMESTAMP_HEADER + ": " + FAR_FUTURE
                        + " came from a client, not from a node, then an ordinary PUT of 'after'");
    }

    /**
     * Sends the forged replica request to every node, waits for the clocks to pass, then writes {@code value} the
     * ordinary way through node {@code writer}: every node must read that value back (what differs goes to wrong).
     */
    private void forgedThenWritten(
            Cluster cluster, List<String> wrong, String method, String key, byte[] forgedBody, int writer, String value)
            throws Exception {
        KvClient c = cluster.client();
        for (int node = 0; node < cluster.size(); node++) {
            forged(cluster, node, method, key, forgedBody);
        }
        pauseForTheClocks();
        expect(wrong, busyAgain(() -> c.put(writer, key, value.getBytes(StandardCharsets.UTF_8), 3, 3)), 201, null);
        for (int node = 0; node < cluster.size(); node++) {
            int reader = node;
            expect(wrong, busyAgain(() -> c.get(reader, key, 3, 3)), 200, value);
        }
    }

    @Test
    @Checks({"s4-secret", "s3-secret", "c-secret"})
    void aForgedReplicaReadShowsNothingButTheValue(Cluster cluster) throws Exception {
        KvClient c = cluster.client();
        byte[] value = "only this".getBytes(StandardCharsets.UTF_8);
        busyAgain(() -> c.put(2, "raw", value, 3, 3)).assertStatus(201);
        List<String> wrong = new ArrayList<>();
        for (int node = 0; node < cluster.size(); node++) {
            HttpResponse<byte[]> r = forged(cluster, node, "GET", "raw", null);
            if (r.statusCode() / 100 == 2 && !Arrays.equals(r.body(), value)) {
                wrong.add("node " + node + " answered " + r.statusCode() + " with " + r.body().length
                        + " bytes that are not the value " + Arrays.toString(value) + ": "
                        + Arrays.toString(Arrays.copyOf(r.body(), Math.min(r.body().length, 40))));
            }
        }
        assertEquals(
                List.of(),
                wrong,
                "a client's GET marked " + INTERNAL_HEADER + " must get the value a client "
                        + "sees, or be refused, never a node's stored record");
    }

    /** The request a reference node sends another, from a client: marked as coming from another node. */
    private HttpResponse<byte[]> forged(Cluster cluster, int node, String method, String key, byte[] body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create(cluster.directUrl(node) + KvClient.entity(key, null)))
                .timeout(Duration.ofSeconds(10))
                .header(INTERNAL_HEADER, cluster.url((node + 1) % cluster.size()))
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        if (!method.equals("GET")) {
            request.header(TIMESTAMP_HEADER, FAR_FUTURE);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /**
     * An ordinary request with ack=3, sent again while a replica is too busy to answer in time (503, 504): in a suite
     * run on two CPUs a stage-4 reference answered such a PUT 504 once ("only 1 of ack=3 replicas answered"). A node
     * that lets a forged request through answers 200 or 404 with the wrong value, never busy, so it still fails.
     */
    private static Reply busyAgain(Supplier<Reply> request) {
        return WhileBusy.send(request, Set.of(503, 504), 4, Duration.ofMillis(250), Duration.ofSeconds(1));
    }

    /** A node that served the forged request as a client's stamped it; the ordinary write must come later. */
    private static void pauseForTheClocks() throws InterruptedException {
        Thread.sleep(20);
    }

    private static void expect(List<String> wrong, Reply r, int status, String body) {
        if (r.status() != status || (body != null && !body.equals(r.bodyText()))) {
            wrong.add(r.request() + ": expected " + status + (body == null ? "" : " '" + body + "'") + ", got "
                    + r.describeAnswer());
        }
    }
}
