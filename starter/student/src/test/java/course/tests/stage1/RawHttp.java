package course.tests.stage1;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, for requests no ordinary client sends: conflicting length headers, a raw space in
 * the target, a lowercase method. Sends the bytes as given and reads the answers (framed by Content-Length) until the
 * node closes the connection or the wanted number of answers arrived.
 */
public final class RawHttp {
    /** One answer: its status, its body as text, and whether the node closed the connection after it. */
    public record Answer(int status, String body) {}

    /** What came back on one connection. */
    record Exchange(List<Answer> answers, boolean closed) {
        Answer only() {
            if (answers.size() != 1) {
                throw new AssertionError("expected one answer, got " + answers);
            }
            return answers.get(0);
        }
    }

    private static final int TIMEOUT_MILLIS = 10_000;

    private RawHttp() {}

    /** A socket to the node at {@code nodeUrl} whose reads give up after {@code readTimeoutMillis}. */
    public static Socket connect(String nodeUrl, int readTimeoutMillis) throws IOException {
        URI uri = URI.create(nodeUrl);
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        try {
            socket.setSoTimeout(readTimeoutMillis);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    static String request(String method, String target, String... headersAndBody) {
        StringBuilder sb = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n");
        for (String s : headersAndBody) {
            sb.append(s);
        }
        return sb.toString();
    }

    /** Sends the bytes and reads up to {@code wanted} answers; stops early when the node closes the connection. */
    static Exchange exchange(String nodeUrl, byte[] bytes, int wanted) throws IOException {
        try (Socket socket = connect(nodeUrl, TIMEOUT_MILLIS)) {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            List<Answer> answers = new ArrayList<>();
            while (answers.size() < wanted) {
                Answer a = readAnswer(in);
                if (a == null) {
                    return new Exchange(answers, true);
                }
                answers.add(a);
            }
            socket.setSoTimeout(1000); // an open connection shows as a read that waits
            return new Exchange(answers, closedSoon(in));
        }
    }

    /**
     * Sends bytes the node may refuse before it has read them all (a line too long), and reads its one answer. A node
     * that refused stops reading and closes, so the end of the write may fail: only the answer counts. Null when the
     * connection ended without one.
     */
    static Answer answerToRefused(String nodeUrl, byte[] bytes) throws IOException {
        try (Socket socket = connect(nodeUrl, TIMEOUT_MILLIS)) {
            try {
                socket.getOutputStream().write(bytes);
                socket.getOutputStream().flush();
            } catch (IOException refusedBeforeTheEnd) {
                // the node answered and closed before the last bytes arrived; its answer is waiting to be read
            }
            return readAnswer(socket.getInputStream());
        }
    }

    static Exchange exchange(String nodeUrl, String text, int wanted) throws IOException {
        return exchange(nodeUrl, text.getBytes(StandardCharsets.ISO_8859_1), wanted);
    }

    private static boolean closedSoon(InputStream in) throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the node: closed too
        }
    }

    /** The next answer, or null when the connection ended before one began. */
    private static Answer readAnswer(InputStream in) throws IOException {
        String statusLine;
        try {
            statusLine = readLine(in);
        } catch (IOException e) {
            return null;
        }
        if (statusLine == null) {
            return null;
        }
        return answerAfter(statusLine, in);
    }

    /** The rest of an answer whose status line was read: its headers are skipped, its body read by Content-Length. */
    public static Answer answerAfter(String statusLine, InputStream in) throws IOException {
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        int length = 0;
        for (String h = readLine(in); h != null && !h.isEmpty(); h = readLine(in)) {
            if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(h.substring(15).trim());
            }
        }
        byte[] body = in.readNBytes(length);
        return new Answer(status, new String(body, StandardCharsets.UTF_8));
    }

    /** One line of an answer without its CRLF, or null at the end of the stream. */
    public static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
