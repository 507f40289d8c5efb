package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;
import static solutions.stage1.TestHttp.readHead;

import java.io.InputStream;
import java.net.Socket;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The answer to HEAD carries no body even though its Content-Length says how long one would be (RFC 9110 9.3.2): the
 * client reads none, so a body sent anyway would be read as the start of the next answer on the connection.
 */
class HeadAnswerTest extends NodeTest {
    @Test
    void theNextAnswerStartsRightAfterTheHeadOfAnAnswerToHead() throws Exception {
        try (Socket s = connect(port)) {
            s.getOutputStream()
                    .write(ascii("HEAD /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"
                            + "GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n"));
            InputStream in = s.getInputStream();
            String head = readHead(in);
            assertTrue(head.startsWith("HTTP/1.1 405"), "HEAD is not among GET, PUT and DELETE: " + head);
            assertTrue(head.toLowerCase(Locale.ROOT).contains("content-length: "), head);
            String next = readHead(in);
            assertTrue(
                    next.startsWith("HTTP/1.1 404"),
                    "the GET's answer must start right after the HEAD's head, which has no body: " + next);
        }
    }
}
