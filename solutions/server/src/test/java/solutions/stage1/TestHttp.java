package solutions.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

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

    /** One HTTP answer: the head lower-cased, the body as text. */
    public record Answer(int status, String head, String body) {
        public static Answer read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("the connection closed after " + head.size() + " bytes of an answer: "
                            + head.toString(StandardCharsets.ISO_8859_1));
                }
                head.write(b);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
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
