package course.harness;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A PUT whose body has no declared length, as java.net.http sends a body read from a stream: the client frames it
 * with {@code Transfer-Encoding: chunked}, the way many real clients upload, so a node must decode chunks to store it.
 */
public final class StreamedPut {
    private StreamedPut() {}

    /** Streams {@code value} to {@code nodeUrl}'s entity {@code key}; the answer must be 201. */
    public static void assertCreated(String nodeUrl, String key, byte[] value, Duration timeout)
            throws IOException, InterruptedException {
        try (HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpRequest put = HttpRequest.newBuilder(URI.create(nodeUrl + KvClient.entity(key, null)))
                    .timeout(timeout)
                    .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(value)))
                    .build();
            HttpResponse<String> answer = http.send(put, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 201) {
                throw new AssertionError("a PUT of " + value.length + " bytes streamed as chunks to " + put.uri()
                        + " was answered " + answer.statusCode() + " " + answer.body() + ", expected 201");
            }
        }
    }
}
