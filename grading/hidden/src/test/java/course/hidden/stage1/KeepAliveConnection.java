package course.hidden.stage1;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 connection kept open across requests, written by hand so a test controls exactly how many
 * connections a node sees and can close them from another thread: a write blocked on a node that stopped reading
 * ends only that way (a socket's read timeout does not cover writes).
 */
final class KeepAliveConnection implements Closeable {
    /** A status line and the body that came with it. */
    record Answer(int status, String body, boolean closed) {}

    private final String host;
    private final int port;
    private final int readTimeoutMillis;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    KeepAliveConnection(String host, int port, int readTimeoutMillis) {
        this.host = host;
        this.port = port;
        this.readTimeoutMillis = readTimeoutMillis;
    }

    synchronized void open() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(host, port), readTimeoutMillis);
        s.setSoTimeout(readTimeoutMillis);
        socket = s;
        in = new BufferedInputStream(s.getInputStream());
        out = s.getOutputStream();
    }

    /** Sends a PUT and reads its answer; a node that closes the connection after answering gets a new one next. */
    Answer put(String pathAndQuery, byte[] value) throws IOException {
        if (socket == null || socket.isClosed()) {
            open();
        }
        String head = "PUT " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nContent-Length: "
                + value.length + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(value);
        out.flush();
        Answer answer = readAnswer();
        if (answer.closed()) {
            close();
        }
        return answer;
    }

    /** The same PUT with {@code Transfer-Encoding: chunked}, in chunks of 64 KiB, as streaming clients send it. */
    Answer putChunked(String pathAndQuery, byte[] value) throws IOException {
        if (socket == null || socket.isClosed()) {
            open();
        }
        String head = "PUT " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nTransfer-Encoding: chunked\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        int chunk = 64 << 10;
        for (int from = 0; from < value.length; from += chunk) {
            int n = Math.min(chunk, value.length - from);
            out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(value, from, n);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Answer answer = readAnswer();
        if (answer.closed()) {
            close();
        }
        return answer;
    }

    private Answer readAnswer() throws IOException {
        String statusLine = readLine();
        if (statusLine == null) {
            throw new IOException("the node closed the connection without answering");
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        int length = 0;
        boolean closed = false;
        String line;
        while ((line = readLine()) != null && !line.isEmpty()) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                closed = true;
            }
        }
        byte[] body = in.readNBytes(length);
        return new Answer(status, new String(body, StandardCharsets.UTF_8).trim(), closed);
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        return b == -1 && line.size() == 0 ? null : line.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public synchronized void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is all that is wanted
            }
        }
    }
}
