package solutions.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Raw HTTP for the references' own tests: requests written byte for byte, answers read off the socket. */
public final class TestHttp {
    private TestHttp() {}

    public static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }

    /** A started stage-1 node. */
    public static Service startNode(int port, Path dir) throws IOException {
        Service node = new Stage1Factory().create(ServiceConfig.single(port, dir));
        node.start();
        return node;
    }

    public static Socket connect(int port) throws IOException {
        Socket s = new Socket("localhost", port);
        s.setSoTimeout(10_000);
        return s;
    }

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Writes {@code prefix} and then {@code zeros} zero bytes from another thread, 64 KiB at a time (the prefix goes
     * with the first of them in one write, as a client sends a head and its body's start), so that a test can read
     * answers while a large body is still being sent.
     */
    public static CompletableFuture<Void> sendZeros(OutputStream out, byte[] prefix, long zeros) {
        return CompletableFuture.runAsync(() -> {
            try {
                int block = 64 << 10;
                int first = (int) Math.min(block, zeros);
                out.write(Arrays.copyOf(prefix, prefix.length + first));
                for (long sent = first; sent < zeros; sent += block) {
                    out.write(new byte[(int) Math.min(block, zeros - sent)]);
                }
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Waits up to 20 s for a {@link #sendZeros}: a write blocks for good once the node stops reading. */
    public static void awaitSent(CompletableFuture<Void> sent, String whenItHangs) throws Exception {
        try {
            sent.get(20, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(whenItHangs, e);
        }
    }

    /** A head as sent (an answer's or a request's), up to and including the empty line that ends it; no body read. */
    public static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed after " + head.size() + " bytes of a head: "
                        + head.toString(StandardCharsets.ISO_8859_1));
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** One HTTP answer: the head lower-cased, the body as text. */
    public record Answer(int status, String head, String body) {
        public static Answer read(InputStream in) throws IOException {
            String text = readHead(in).toLowerCase(Locale.ROOT);
            int length = 0;
            for (String line : text.split("\r\n")) {
                if (line.startsWith("content-length:")) {
                    length = Integer.parseInt(
                            line.substring("content-length:".length()).trim());
                }
            }
            byte[] body = in.readNBytes(length);
            return new Answer(Integer.parseInt(text.substring(9, 12)), text, new String(body, StandardCharsets.UTF_8));
        }
    }
}
