package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestStandTest {
    private static final String AWAITED =
            "PUT /v0/entity?id=replayed-7 HTTP/1.1\r\nX-Mark: 1\r\nContent-Length: 6\r\n\r\n" + "forged";

    /** A node of another test that still calls the port is answered 503; the stand waits on for the awaited one. */
    @Test
    void aRequestNamingSomethingElseIsAnsweredNotHereAndTheAwaitedOneIsKept() throws Exception {
        try (RequestStand stand = new RequestStand("replayed-", Duration.ofSeconds(10))) {
            String stray = send(stand.port(), "PUT /v0/entity?id=k12 HTTP/1.1\r\nContent-Length: 2\r\n\r\nab");
            assertTrue(stray.startsWith("HTTP/1.1 503 "), stray);
            assertTrue(!stand.done(), "the stand stopped at a request that names none of the test's keys");
            String kept = send(stand.port(), AWAITED);
            assertTrue(kept.startsWith("HTTP/1.1 201 "), kept);
            assertEquals(AWAITED, stand.request(Duration.ofSeconds(5)));
            assertEquals(List.of("PUT /v0/entity?id=k12 HTTP/1.1"), stand.strays());
        }
    }

    @Test
    void withNothingAwaitedInTimeItSaysSoAndNamesWhatCame() throws Exception {
        try (RequestStand stand = new RequestStand("replayed-", Duration.ofMillis(1500))) {
            send(stand.port(), "GET /v0/entity?id=k1 HTTP/1.1\r\n\r\n");
            try (Socket silentHalfHead = new Socket(InetAddress.getLoopbackAddress(), stand.port())) {
                silentHalfHead.setSoTimeout(5_000);
                silentHalfHead.getOutputStream().write("GET /v0/ent".getBytes(StandardCharsets.ISO_8859_1));
                silentHalfHead.shutdownOutput();
                String answer = new String(silentHalfHead.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertEquals("", answer, "a connection without a whole head gets no answer");
            }
            String said = stand.request(Duration.ofSeconds(5));
            assertEquals(
                    "(no request naming replayed- in time; other requests that reached the stand: [GET"
                            + " /v0/entity?id=k1 HTTP/1.1, (a connection that sent 11 bytes and no whole head: GET"
                            + " /v0/ent)])",
                    said);
        }
    }

    private static String send(int port, String request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(5_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
