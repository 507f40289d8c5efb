package grading.runner;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.runtime.Submission;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * The training run of a grade's node start cache ({@code grading.NodeStartTraining}), in the sandbox on the test JVMs'
 * classpath: one node of the submission's factory in this JVM, its start, a hundred PUTs, GETs and DELETEs through the
 * JDK's HTTP client (which nodes of the later stages use to call each other), its stop. The JVM runs with
 * {@code -XX:AOTCacheOutput} and writes, as it exits, the classes it loaded and linked for the node JVMs to start from.
 * What the node answers does not matter here: the tests judge it.
 */
public final class NodeStartTrainer {
    private static final int REQUESTS = 100;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);

    private NodeStartTrainer() {}

    /** {@code args[0]}: the factory's class. Exits 0 once the node ran, whatever it answered. */
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("node-start-training");
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String url = "http://localhost:" + port;
        String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        Service node = Submission.instantiate(args[0]).create(new ServiceConfig(port, url, List.of(url), dir, secret));
        node.start();
        try (HttpClient client = HttpClient.newHttpClient()) {
            for (int i = 0; i < REQUESTS; i++) {
                URI entity = URI.create(url + "/v0/entity?id=training-" + i);
                boolean answered =
                        send(client, HttpRequest.newBuilder(entity).PUT(BodyPublishers.ofString("value " + i)))
                                && send(client, HttpRequest.newBuilder(entity).GET())
                                && send(client, HttpRequest.newBuilder(entity).DELETE());
                if (!answered) {
                    break; // a node that does not answer has loaded what it loads
                }
            }
        } finally {
            node.stop();
        }
        // exit, not halt: the JVM writes its training data on the way out
        System.exit(0);
    }

    /** Whether the node answered (anything: the tests judge what). */
    private static boolean send(HttpClient client, HttpRequest.Builder request) {
        try {
            client.send(request.timeout(ANSWER_WITHIN).build(), HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
