package course.tests.stage5;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Requests sent without waiting for them, so a test can look at the node while they are in flight; {@link #close}
 * waits (bounded) until all of them ended, so none outlives the test's cluster.
 */
final class InFlight implements AutoCloseable {
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final List<CompletableFuture<HttpResponse<Void>>> requests = new ArrayList<>();

    void get(String url) {
        requests.add(http.sendAsync(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.discarding()));
    }

    int count() {
        return requests.size();
    }

    @Override
    public void close() {
        try {
            CompletableFuture.allOf(requests.toArray(CompletableFuture[]::new)).get(15, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // the test's verdict is already made; the requests only must not outlive it
        }
        http.close();
    }
}
