package course.tests.stage6;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code GET /v0/entities} over a plain socket and checks the framing itself: a 200 must be chunked, each
 * chunk one entry {@code <key>\n<value>} (in the key, {@code %25} is a {@code %} and {@code %0A} a newline byte),
 * ended by the zero-length chunk. Chunks are handed to a consumer as they
 * arrive, so a test can count a stream larger than its heap without keeping it.
 */
public final class RangeReader {
    /** One entry of the stream. */
    // keys and values are byte[] by the contract; tests read them through keyText() and valueText().
    @SuppressWarnings("ArrayRecordComponent")
    public record Chunk(byte[] key, byte[] value) {
        public String keyText() {
            return new String(key, StandardCharsets.UTF_8);
        }

        public String valueText() {
            return new String(value, StandardCharsets.UTF_8);
        }
    }

    /** Receives chunks as they arrive; returning false stops reading and drops the connection. */
    @FunctionalInterface
    public interface ChunkConsumer {
        boolean accept(Chunk chunk);
    }

    /** What came back: the status, the body of a non-200 answer, and the number of entries read. */
    public record Result(String request, int status, String errorBody, long entries) {
        public Result assertStatus(int expected) {
            assertEquals(expected, status, request + " answered " + status + " " + errorBody);
            return this;
        }
    }

    private RangeReader() {}

    public static String path(String start, String end) {
        StringBuilder sb = new StringBuilder("/v0/entities");
        if (start != null) {
            sb.append("?start=").append(encode(start));
            if (end != null) {
                sb.append("&end=").append(encode(end));
            }
        } else if (end != null) {
            sb.append("?end=").append(encode(end));
        }
        return sb.toString();
    }

    /** Every entry of the answer, in the order received; fails unless the answer is 200. */
    public static List<Chunk> readAll(String nodeUrl, String start, String end) throws IOException {
        List<Chunk> all = new ArrayList<>();
        read(nodeUrl, path(start, end), all::add).assertStatus(200);
        return all;
    }

    /** The keys of {@link #readAll}, as text. */
    public static List<String> keys(String nodeUrl, String start, String end) throws IOException {
        return readAll(nodeUrl, start, end).stream().map(Chunk::keyText).toList();
    }

    public static Result read(String nodeUrl, String pathAndQuery, ChunkConsumer consumer) throws IOException {
        URI uri = URI.create(nodeUrl);
        String what = "GET " + nodeUrl + pathAndQuery;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), uri.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            String statusLine = line(in, what);
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                fail(what + " answered with a malformed status line: '" + statusLine + "'");
            }
            int status = Integer.parseInt(parts[1]);
            boolean chunked = false;
            int contentLength = -1;
            for (String header = line(in, what); !header.isEmpty(); header = line(in, what)) {
                String h = header.toLowerCase(Locale.ROOT);
                if (h.startsWith("transfer-encoding:") && h.contains("chunked")) {
                    chunked = true;
                } else if (h.startsWith("content-length:")) {
                    contentLength = Integer.parseInt(
                            h.substring("content-length:".length()).trim());
                }
            }
            if (status != 200) {
                byte[] body = contentLength >= 0 ? in.readNBytes(contentLength) : new byte[0];
                return new Result(what, status, new String(body, StandardCharsets.UTF_8).strip(), 0);
            }
            assertTrue(
                    chunked,
                    what + " answered 200 without 'Transfer-Encoding: chunked': stream the range "
                            + "in chunks instead of building the whole body first");
            long entries = 0;
            while (true) {
                String sizeLine = line(in, what);
                int semicolon = sizeLine.indexOf(';');
                int size;
                try {
                    size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new AssertionError(what + ": chunk " + entries + " starts with '" + sizeLine
                            + "', not a hexadecimal chunk size");
                }
                if (size == 0) {
                    return new Result(what, status, "", entries);
                }
                byte[] data = in.readNBytes(size);
                if (data.length < size) {
                    fail(what + ": the stream ended inside chunk " + entries + " (" + data.length + " of " + size
                            + " bytes)");
                }
                assertEquals("", line(in, what), what + ": chunk " + entries + " is not followed by CRLF");
                int newline = indexOf(data, (byte) '\n');
                if (newline < 0) {
                    fail(what + ": chunk " + entries + " has no '\\n' between key and value: each chunk must be "
                            + "<key>\\n<value>");
                }
                entries++;
                Chunk chunk = new Chunk(
                        unescapeKey(Arrays.copyOf(data, newline), what + ": chunk " + entries),
                        Arrays.copyOfRange(data, newline + 1, data.length));
                if (!consumer.accept(chunk)) {
                    socket.setSoLinger(true, 0); // a reset, like a client that crashed
                    return new Result(what, status, "", entries);
                }
            }
        }
    }

    /** A CRLF-terminated line without its CRLF. */
    private static String line(InputStream in, String what) throws IOException {
        ByteArrayOutputStream sb = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                byte[] bytes = sb.toByteArray();
                int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
            }
            sb.write(b);
            if (sb.size() > 8192) {
                fail(what + ": a header or chunk-size line longer than 8 KiB");
            }
        }
        throw new AssertionError(
                what + ": the connection ended before the answer did (a missing last chunk " + "'0\\r\\n\\r\\n'?)");
    }

    /**
     * The key of a chunk: its {@code %25} and {@code %0A} decoded. A {@code %} followed by anything else is a key
     * written without its escapes, which a reader could not tell apart from another key.
     */
    private static byte[] unescapeKey(byte[] escaped, String what) {
        ByteArrayOutputStream key = new ByteArrayOutputStream(escaped.length);
        for (int i = 0; i < escaped.length; i++) {
            if (escaped[i] != '%') {
                key.write(escaped[i]);
                continue;
            }
            String escape = i + 2 < escaped.length ? new String(escaped, i, 3, StandardCharsets.ISO_8859_1) : "";
            if (escape.equals("%25")) {
                key.write('%');
            } else if (escape.equalsIgnoreCase("%0A")) {
                key.write('\n');
            } else {
                fail(what + " has a key with a '%' that is not %25 or %0A ('"
                        + new String(escaped, StandardCharsets.UTF_8)
                        + "'): write a key's '%' as %25 and its newline bytes as %0A");
            }
            i += 2;
        }
        return key.toByteArray();
    }

    private static int indexOf(byte[] data, byte b) {
        for (int i = 0; i < data.length; i++) {
            if (data[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
