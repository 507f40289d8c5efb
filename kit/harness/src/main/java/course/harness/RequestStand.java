package course.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A stand-in for a node, on a port of its own, that a test leads a peer's URL to ({@link NodeProxy#redirect}): it keeps
 * the first request whose head contains what the test awaits (head and body, as sent) and answers it 201, as the owner
 * of a PUT would. Any other request that reaches it is answered 503 and listed in {@link #strays()}: its port is one
 * the OS had free, and a node of another test whose peer had that port (stopped, or started again elsewhere) may still
 * call it. Such a call, kept as if the test's own node had sent it, is the likeliest reading of a correct reference's
 * one failure of a test whose stand kept the first request.
 */
public final class RequestStand implements AutoCloseable {
    private static final Duration READ_WITHIN = Duration.ofSeconds(5);
    private static final byte[] CREATED =
            "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_HERE =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket socket;
    private final String awaited;
    private final List<String> strays = new CopyOnWriteArrayList<>();
    // A thread of its own: the common pool is shared with whatever else the test JVM runs.
    private final ExecutorService keeper = Executors.newSingleThreadExecutor();
    private final Future<String> kept;

    /** Listens at once and keeps the first request naming {@code awaited} that comes {@code within} from now. */
    public RequestStand(String awaited, Duration within) throws IOException {
        this.awaited = awaited;
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        long deadline = System.nanoTime() + within.toNanos();
        this.kept = keeper.submit(() -> keep(deadline));
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** Whether the awaited request came, or the time for it ran out. */
    public boolean done() {
        return kept.isDone();
    }

    /**
     * The kept request, head and body; when none came in time, a sentence that says so and names the other
     * requests that came.
     */
    public String request(Duration wait) throws InterruptedException, ExecutionException, TimeoutException {
        return kept.get(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The first line of each other request that reached the stand (or what a connection sent before it ended). */
    public List<String> strays() {
        return List.copyOf(strays);
    }

    @Override
    public void close() throws IOException {
        keeper.shutdownNow();
        socket.close();
    }

    private String keep(long deadline) throws IOException {
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return nothingInTime();
            }
            socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            Socket s;
            try {
                s = socket.accept();
            } catch (SocketTimeoutException e) {
                return nothingInTime();
            }
            try (s) {
                s.setSoTimeout((int) READ_WITHIN.toMillis());
                String request = read(s.getInputStream());
                int end = request.indexOf("\r\n\r\n");
                if (end < 0) {
                    strays.add("(a connection that sent " + request.length() + " bytes and no whole head: "
                            + request.strip() + ")");
                } else if (request.substring(0, end).contains(awaited)) {
                    answer(s, CREATED);
                    return request;
                } else {
                    strays.add(request.lines().findFirst().orElse(""));
                    answer(s, NOT_HERE);
                }
            } catch (IOException e) {
                strays.add("(a connection that failed: " + e + ")");
            }
        }
    }

    private static void answer(Socket s, byte[] answer) {
        try {
            s.getOutputStream().write(answer);
        } catch (IOException e) {
            // The request is what the test reads; a sender that left before its answer changes nothing in it.
        }
    }

    private String nothingInTime() {
        return "(no request naming " + awaited + " in time"
                + (strays.isEmpty() ? "" : "; other requests that reached the stand: " + strays)
                + ")";
    }

    /**
     * The head, and the body its Content-Length announces; less when the connection ends or falls silent first (a
     * head without its blank line).
     */
    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return head.toString(StandardCharsets.ISO_8859_1);
                }
                head.write(b);
            }
        } catch (SocketTimeoutException e) {
            return head.toString(StandardCharsets.ISO_8859_1);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        byte[] body = new byte[0];
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                try {
                    body = in.readNBytes(Integer.parseInt(
                            line.substring("content-length:".length()).trim()));
                } catch (NumberFormatException e) {
                    return text; // a stray's head, or the test's own failure to read: the head says which
                }
            }
        }
        return text + new String(body, StandardCharsets.ISO_8859_1);
    }
}
