package solutions.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import one.nio.http.Response;
import org.junit.jupiter.api.Test;
import solutions.stage1.Routes;
import solutions.stage1.TestHttp;
import solutions.stage1.TestHttp.Answer;

/**
 * The pipelining pause of {@code CourseSession}, measured so that the machine's speed cannot decide it: the
 * handler holds the first request until the test lets it go, so nothing is answered while the client pipelines
 * more PUTs than the node's pipeline, the kernel's buffers and one read could ever hold together. A node that stops
 * reading past 256 waiting requests leaves the client's writes blocked; one that reads on takes every request into
 * its heap and the client finishes writing. Then the handler is released and every answer must come, in order:
 * a node that never resumes reading stops answering after the first half of its pipeline.
 */
class PipelinePauseTest {
    private static final int BODY_BYTES = 16 * 1024;
    private static final int CLIENT_SEND_BUFFER = 64 * 1024;
    /** The pipeline, one read's worth of bytes and the request being handled, generously. */
    private static final long NODE_HOLDS_AT_MOST = 260L * (BODY_BYTES + 100) + 1024 * 1024;

    private static final long STALL_MILLIS = 3_000;

    @Test
    void aFullPipelineStopsReadingUntilHalfOfItIsAnsweredAndThenAnswersEveryRequestInOrder() throws Exception {
        long kernelHolds = maxReceiveBuffer() + 2L * CLIENT_SEND_BUFFER;
        long requestBytes = put(0, new byte[BODY_BYTES]).length;
        // twice what the node and the kernel could hold, so a pausing node can never be fooled into reading it all
        int requests = (int) (2 * (kernelHolds + NODE_HOLDS_AT_MOST) / requestBytes);
        CountDownLatch release = new CountDownLatch(1);
        Routes routes = Routes.of("/v0/entity", request -> {
            String id = request.getParameter("id=");
            if ("0".equals(id)) {
                awaitQuietly(release);
            }
            return Response.ok(id.getBytes(StandardCharsets.US_ASCII));
        });
        int port = TestHttp.freePort();
        ExecutorHttpServer server =
                new ExecutorHttpServer(port, routes, new WorkerSettings(1, 16, QueueKind.ARRAY, false, 600_000, 0));
        server.start();
        AtomicLong written = new AtomicLong();
        try (Socket client = new Socket()) {
            client.setSendBufferSize(CLIENT_SEND_BUFFER);
            client.connect(new InetSocketAddress("localhost", port));
            client.setSoTimeout(10_000);
            Thread writer = writeInBackground(client.getOutputStream(), requests, written);
            try {
                waitUntilDoneOrStalled(writer, written);
                assertTrue(
                        written.get() < requests,
                        "the node read all " + requests + " pipelined PUTs of "
                                + requestBytes
                                + " bytes while its handler held the first one (the kernel's buffers could"
                                + " hold at most " + kernelHolds + " bytes): past 256 waiting requests a node must stop"
                                + " reading, so that TCP holds the client back instead of the node's heap");
                release.countDown();
                for (int i = 0; i < requests; i++) {
                    Answer answer;
                    try {
                        answer = Answer.read(client.getInputStream());
                    } catch (SocketTimeoutException e) {
                        throw new AssertionError(
                                "no answer for 10 s after " + i + " of " + requests + " answers"
                                        + " (the client had written " + written.get()
                                        + " requests): a paused connection"
                                        + " must read again once half of its pipeline is answered",
                                e);
                    }
                    assertEquals(200, answer.status(), "answer " + i + ": " + answer);
                    assertEquals(Integer.toString(i), answer.body(), "answer " + i + " is not for request " + i);
                }
                writer.join(10_000);
                assertEquals(requests, written.get(), "requests the client could write");
            } finally {
                release.countDown();
                writer.interrupt();
            }
        } finally {
            server.stop();
        }
    }

    /** Until the writer has written everything, or has not written one more request for {@link #STALL_MILLIS}. */
    private static void waitUntilDoneOrStalled(Thread writer, AtomicLong written) throws InterruptedException {
        long seen = -1;
        long sameSince = System.nanoTime();
        while (writer.isAlive()) {
            long now = written.get();
            if (now != seen) {
                seen = now;
                sameSince = System.nanoTime();
            } else if (System.nanoTime() - sameSince > TimeUnit.MILLISECONDS.toNanos(STALL_MILLIS)) {
                return;
            }
            Thread.sleep(50);
        }
    }

    private static Thread writeInBackground(OutputStream out, int requests, AtomicLong written) {
        Thread writer = new Thread(
                () -> {
                    byte[] body = new byte[BODY_BYTES];
                    try {
                        for (int i = 0; i < requests; i++) {
                            out.write(put(i, body));
                            written.incrementAndGet();
                        }
                        out.flush();
                    } catch (IOException e) {
                        // the test closed the connection after a failure; what was written is counted
                    }
                },
                "pipelining-client");
        writer.setDaemon(true);
        writer.start();
        return writer;
    }

    private static byte[] put(int id, byte[] body) {
        byte[] head = ascii(
                "PUT /v0/entity?id=" + id + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n");
        byte[] request = new byte[head.length + body.length];
        System.arraycopy(head, 0, request, 0, head.length);
        System.arraycopy(body, 0, request, head.length, body.length);
        return request;
    }

    /** The most a receiving socket's buffer grows to here (Linux tunes it up to tcp_rmem's third value). */
    private static long maxReceiveBuffer() throws IOException {
        Path rmem = Path.of("/proc/sys/net/ipv4/tcp_rmem");
        if (!Files.isReadable(rmem)) {
            return 64L * 1024 * 1024; // not Linux: assume a large buffer, so the client sends more
        }
        // Files.readString returned only the first byte of this /proc/sys file on JDK 25 here (/proc/stat reads whole)
        String[] values = Files.readAllLines(rmem).get(0).trim().split("\\s+");
        return Long.parseLong(values[values.length - 1]);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            // the test releases it in any case; the limit is for a test killed midway
            latch.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
