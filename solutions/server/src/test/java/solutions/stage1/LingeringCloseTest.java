package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.awaitSent;
import static solutions.stage1.TestHttp.connect;
import static solutions.stage1.TestHttp.sendZeros;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import solutions.stage1.TestHttp.Answer;

/**
 * A body refused as too large: the 413 goes out at once, the rest of the body is read and dropped, and the connection
 * ends as soon as the last announced byte is in, not when the linger's time bound ({@value
 * CourseSession#LINGER_MILLIS} ms) runs out. Closed with bytes unread, the client would get a reset instead.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a blocked socket write ignores interrupts
class LingeringCloseTest extends NodeTest {
    @Test
    void aTooLargeBodySentWholeGets413AndTheCloseRightAfterItsLastByte() throws Exception {
        int size = Framing.MAX_BODY_BYTES + (1 << 20);
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            byte[] head = ascii("PUT /v0/entity?id=big HTTP/1.1\r\nHost: x\r\nContent-Length: " + size + "\r\n\r\n");
            awaitSent(
                    sendZeros(out, head, size),
                    "the node stopped reading the refused body: the client cannot finish sending");
            long sentAll = System.nanoTime();
            InputStream in = s.getInputStream();
            Answer refused = Answer.read(in);
            assertEquals(413, refused.status(), refused.toString());
            assertTrue(refused.head().contains("connection: close"), refused.toString());
            s.setSoTimeout(3_000);
            assertEquals(-1, in.read(), "the connection ends once the body's last byte is read");
            long millis = (System.nanoTime() - sentAll) / 1_000_000;
            assertTrue(millis < CourseSession.LINGER_MILLIS / 2, "closed " + millis + " ms after the last byte");
        }
    }
}
