package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    byte[] first = new byte[head.length + (64 << 10)]; // the head and the body's start in one read
                    System.arraycopy(head, 0, first, 0, head.length);
                    out.write(first);
                    byte[] block = new byte[64 << 10];
                    for (int sentBytes = 64 << 10; sentBytes < size; sentBytes += block.length) {
                        out.write(block, 0, Math.min(block.length, size - sentBytes));
                    }
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try {
                sent.get(20, TimeUnit.SECONDS); // a write blocks for good when the node stops reading
            } catch (TimeoutException e) {
                throw new AssertionError("the node stopped reading the refused body: the client cannot finish sending");
            }
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
