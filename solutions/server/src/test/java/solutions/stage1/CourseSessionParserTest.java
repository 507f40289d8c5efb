package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import solutions.stage1.TestHttp.Answer;

/**
 * The reference session's parser where its behaviour is the reference's choice rather than a rule of the statement:
 * its header limit, and the blank lines RFC 9112 2.2 lets a server skip between requests.
 */
class CourseSessionParserTest extends NodeTest {
    @Test
    void twoHundredFiftySixHeadersAreReadAndOneMoreIs431() throws IOException {
        assertEquals(404, get(headers(255)).status(), "Host and 255 more: 256 headers");
        Answer refused = get(headers(256));
        assertEquals(431, refused.status(), refused.toString());
    }

    @Test
    void blankLinesBetweenRequestsAreSkipped() throws IOException {
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(ascii("GET /v0/entity?id=a HTTP/1.1\r\nHost: x\r\n\r\n\r\n\n"
                    + "GET /v0/entity?id=b HTTP/1.1\r\nHost: x\r\n\r\n"));
            out.flush();
            InputStream in = s.getInputStream();
            assertEquals(404, Answer.read(in).status());
            assertEquals(404, Answer.read(in).status(), "the request after the blank lines");
        }
    }

    @Test
    void aBareLineFeedThatStartsARead() throws Exception {
        try (Socket s = connect(port)) {
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write(ascii("GET /v0/entity?id=a HTTP/1.1\r\nHost: x\r\n\r\n"));
            out.flush();
            assertEquals(404, Answer.read(in).status());
            out.write(ascii("\nGET /v0/entity?id=b HTTP/1.1\r\nHost: x\r\n\r\n"));
            out.flush();
            assertEquals(404, Answer.read(in).status(), "the request after a blank line that began a read");
        }
    }

    private static String headers(int extra) {
        StringBuilder request = new StringBuilder("GET /v0/entity?id=h HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < extra; i++) {
            request.append("X-H").append(i).append(": v\r\n");
        }
        return request.append("\r\n").toString();
    }

    private Answer get(String request) throws IOException {
        try (Socket s = connect(port)) {
            s.getOutputStream().write(ascii(request));
            s.getOutputStream().flush();
            return Answer.read(s.getInputStream());
        }
    }
}
