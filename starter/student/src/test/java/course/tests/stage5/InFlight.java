package course.tests.stage5;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Requests sent without waiting for their answers, so a test can look at the node while they are in flight. Each goes
 * on a connection of its own and is written whole before {@link #get} returns: it is in the node's socket when the
 * test goes on, however late an asynchronous client would have sent it on a busy machine. {@link #close} waits
 * (bounded) until every answer ended, so none outlives the test's cluster.
 */
final class InFlight implements AutoCloseable {
    private static final Duration CONNECT_WITHIN = Duration.ofSeconds(5);
    private static final Duration ANSWERS_WITHIN = Duration.ofSeconds(15);

    private final List<Socket> requests = new ArrayList<>();

    void get(String url) throws IOException {
        URI uri = URI.create(url);
        Socket s = new Socket();
        requests.add(s);
        s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), (int) CONNECT_WITHIN.toMillis());
        String request = "GET " + uri.getRawPath() + "?" + uri.getRawQuery() + " HTTP/1.1\r\nHost: " + uri.getHost()
                + ":" + uri.getPort() + "\r\nConnection: close\r\n\r\n";
        s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
    }

    int count() {
        return requests.size();
    }

    @Override
    public void close() {
        long deadline = System.nanoTime() + ANSWERS_WITHIN.toNanos();
        for (Socket s : requests) {
            try (s) {
                long left = Duration.ofNanos(deadline - System.nanoTime()).toMillis();
                if (left > 0) {
                    s.setSoTimeout((int) left);
                    // the answer is not the test's: only its end is awaited
                    s.getInputStream().transferTo(OutputStream.nullOutputStream());
                }
            } catch (IOException ignored) {
                // the test's verdict is already made; the requests only must not outlive it
            }
        }
    }
}
