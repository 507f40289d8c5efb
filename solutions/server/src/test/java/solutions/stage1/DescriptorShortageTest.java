package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import one.nio.net.Socket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reference's choices when accept fails for lack of file descriptors, on a clock the test moves: one line per
 * episode, an idle connection closed for each waiting client, a 503 through the spare descriptor when none is idle,
 * and a pause, never a spin, when neither works. (The hidden OutOfDescriptorsTest runs a whole node out of
 * descriptors; there every connection is idle, so the 503 path is checked here.)
 */
class DescriptorShortageTest {
    private final IOException emfile = new IOException("Too many open files");

    private ConnectionLines log;

    private final AtomicLong now = new AtomicLong(1_000_000);

    @BeforeEach
    void listen() {
        log = new ConnectionLines();
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    @Test
    void onlyAShortageOfDescriptorsIsOne() {
        assertTrue(DescriptorShortage.isShortage(emfile));
        assertTrue(DescriptorShortage.isShortage(new IOException("Too many open files in system")));
        assertTrue(!DescriptorShortage.isShortage(new IOException("Connection reset")));
    }

    @Test
    void eachWaitingClientClosesAnIdleConnectionAndTheEpisodeIsLoggedOnceWithWhatItCost() throws Exception {
        AtomicInteger idle = new AtomicInteger(100);
        try (SpareDescriptor spare = new SpareDescriptor()) {
            DescriptorShortage shortage = new DescriptorShortage(spare, room(idle), now::get);
            for (int i = 0; i < 50; i++) {
                shortage.handle(emfile, null);
                shortage.accepted();
                now.addAndGet(100);
            }
            assertEquals(50, idle.get(), "one idle connection closed per waiting client");
            assertEquals(1, shortageLines(), "one line for an episode of 50 shortages: " + log.lines());
            now.addAndGet(DescriptorShortage.EPISODE_GAP_MILLIS);
            shortage.accepted();
            assertEquals(2, log.lines().size(), "a second line when the episode ended: " + log.lines());
            assertTrue(
                    log.lines().get(1).contains("50 idle connections closed"),
                    log.lines().get(1));
            shortage.handle(emfile, null);
            assertEquals(2, shortageLines(), "a new episode, a new line: " + log.lines());
        }
    }

    @Test
    void aConnectionClosedForRoomHasTimeToGiveItsDescriptorBackBeforeAnotherIsClosed() throws Exception {
        AtomicInteger idle = new AtomicInteger(10);
        try (SpareDescriptor spare = new SpareDescriptor()) {
            DescriptorShortage shortage = new DescriptorShortage(spare, room(idle), now::get);
            for (int i = 0; i < 5; i++) { // accept keeps failing while the closed connection's selector closes it
                shortage.handle(emfile, null);
                now.addAndGet(DescriptorShortage.CLOSE_SETTLE_MILLIS / 10);
            }
            assertEquals(9, idle.get(), "one connection closed for one waiting client");
            now.addAndGet(DescriptorShortage.CLOSE_SETTLE_MILLIS);
            shortage.handle(emfile, null);
            assertEquals(8, idle.get(), "its descriptor never came: another is closed");
        }
    }

    @Test
    void withNoConnectionIdleTheWaitingClientIsAnswered503ThroughTheSpareDescriptor() throws Exception {
        int port = TestHttp.freePort();
        Socket listening = Socket.createServerSocket();
        try (SpareDescriptor spare = new SpareDescriptor();
                java.net.Socket client = new java.net.Socket()) {
            InetAddress loopback = InetAddress.getLoopbackAddress();
            listening.setReuseAddr(true, false);
            listening.bind(loopback.getHostAddress(), port, 16);
            listening.listen(16);
            client.connect(new InetSocketAddress(loopback, port), 2000);
            client.setSoTimeout(5000);
            DescriptorShortage shortage = new DescriptorShortage(spare, room(new AtomicInteger()), now::get);
            shortage.handle(emfile, listening);
            InputStream in = client.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(answer.startsWith("HTTP/1.1 503 "), answer);
            assertTrue(answer.contains("Retry-After: 1"), answer);
            assertTrue(answer.endsWith("out of file descriptors and no connection is idle; retry shortly\n"), answer);
            assertTrue(spare.take(), "the spare descriptor is held again");
        } finally {
            listening.close();
        }
    }

    @Test
    void withNeitherAnIdleConnectionNorTheSpareTheAcceptorPausesInsteadOfSpinning() throws Exception {
        try (SpareDescriptor spare = new SpareDescriptor()) {
            DescriptorShortage shortage = new DescriptorShortage(spare, room(new AtomicInteger()), now::get);
            spare.give(); // as when another thread took the descriptor the spare gave up
            long start = System.nanoTime();
            shortage.handle(emfile, null);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis >= DescriptorShortage.BACKOFF_MILLIS, "handled in " + millis + " ms");
            assertTrue(spare.give(), "the spare is taken back after the pause");
        }
    }

    private long shortageLines() {
        return log.lines().stream()
                .filter(l -> l.startsWith("out of file descriptors"))
                .count();
    }

    /** A server with {@code idle} idle connections and as many busy. */
    private static DescriptorShortage.Room room(AtomicInteger idle) {
        return new DescriptorShortage.Room() {
            @Override
            public boolean closeLongestIdle() {
                return idle.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
            }

            @Override
            public int connections() {
                return idle.get() * 2;
            }
        };
    }
}
