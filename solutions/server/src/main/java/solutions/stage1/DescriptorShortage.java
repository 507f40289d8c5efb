package solutions.stage1;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import one.nio.net.Socket;

/**
 * What the acceptor does when {@code accept} fails because the process has no file descriptor left (EMFILE; ENFILE
 * for the whole system). one-nio's own acceptor tries again at once, forever: the client it could not take stays in
 * the listening socket's queue, so every try fails the same way, a core spins, nothing is logged (one-nio logs to
 * slf4j-nop in this course), and new clients wait until connections end on their own, up to the idle timeout.
 *
 * <p>Here a held connection never beats a new client. For each client that waits:
 * <ol>
 * <li>the connection idle longest is closed and its descriptor takes the client (the connection's selector thread
 * closes it, so the acceptor tries again every millisecond for up to {@value #CLOSE_SETTLE_MILLIS} ms before it closes
 * another for the same client). That loses nothing: a server may
 * close an idle connection at any time (RFC 9112 9.8) and its client opens another when it has a request, whereas a
 * client turned away has nothing. A connection with a request in progress is never closed for room, since that
 * request would fail; the header timeout ends those that only trickle.</li>
 * <li>With no connection idle, the {@link SpareDescriptor} is given up to take the client off the queue and answer it
 * 503 with Retry-After, and is taken back.</li>
 * <li>With neither, the acceptor waits {@value #BACKOFF_MILLIS} ms before it tries again.</li>
 * </ol>
 * The shortage is logged once per episode, when it starts; an episode ends once {@value #EPISODE_GAP_MILLIS} ms pass
 * without one, and the next accepted client logs what it cost. Used by the acceptor's thread only.
 */
final class DescriptorShortage {
    static final long BACKOFF_MILLIS = 100;
    static final long EPISODE_GAP_MILLIS = 10_000;
    /**
     * How long a connection closed for room may take to give its descriptor back (its selector thread closes it)
     * before another is closed for the same client; meanwhile the acceptor tries again every millisecond.
     */
    static final long CLOSE_SETTLE_MILLIS = 100;

    private static final byte[] BUSY = ("HTTP/1.1 503 Service Unavailable\r\n"
                    + "Retry-After: 1\r\n"
                    + "Connection: close\r\n"
                    + "Content-Type: text/plain; charset=utf-8\r\n"
                    + "Content-Length: 77\r\n\r\n"
                    + "the node is out of file descriptors and no connection is idle; retry shortly\n")
            .getBytes(StandardCharsets.US_ASCII);

    /** The server's connections, as far as making room goes. */
    interface Room {
        /**
         * Closes the connection that has been idle longest, its descriptor to come back soon after; false when none
         * is idle.
         */
        boolean closeLongestIdle();

        /** How many connections are open. */
        int connections();
    }

    private final SpareDescriptor spare;
    private final Room room;
    private final LongSupplier clock;

    private boolean inEpisode;
    private long episodeStart;
    private long lastShortage;
    /** A connection was closed for room and no client was accepted since: its descriptor is on its way. */
    private boolean roomComing;

    private long closedForRoomAt;
    private int closedForRoom;
    private int answeredBusy;
    private int waits;

    DescriptorShortage(SpareDescriptor spare, Room room, LongSupplier clock) {
        this.spare = spare;
        this.room = room;
        this.clock = clock;
        spare.take();
    }

    /** Whether a failed accept says the process (or the system) is out of file descriptors. */
    static boolean isShortage(IOException e) {
        String message = e.getMessage();
        return message != null && message.contains("Too many open files");
    }

    /**
     * {@code accept} on {@code listening} failed with {@code failure}, a shortage: makes room for the waiting client,
     * or answers it, or waits; then the acceptor tries again.
     */
    void handle(IOException failure, Socket listening) throws InterruptedException {
        long now = clock.getAsLong();
        if (!inEpisode) {
            inEpisode = true;
            episodeStart = now;
            closedForRoom = 0;
            answeredBusy = 0;
            waits = 0;
            // Writing a line may need a descriptor (the JDK reads files the first time it does some things): the
            // spare's.
            boolean lent = spare.give();
            try {
                ConnectionLog.episode("out of file descriptors (accept failed: " + failure.getMessage() + "; "
                        + room.connections() + " connections open): each new client takes the place of the"
                        + " connection idle longest, or is answered 503 when none is idle; raise the limit (ulimit -n)"
                        + " if clients need more connections");
            } finally {
                if (lent) {
                    spare.take();
                }
            }
        }
        lastShortage = now;
        if (roomComing && now - closedForRoomAt < CLOSE_SETTLE_MILLIS) {
            Thread.sleep(1); // the connection closed for this client is giving its descriptor back
            return;
        }
        if (room.closeLongestIdle()) {
            closedForRoom++;
            roomComing = true;
            closedForRoomAt = now;
            return;
        }
        if (spare.give()) {
            try {
                answerBusy(listening);
            } finally {
                spare.take();
            }
            return;
        }
        waits++;
        Thread.sleep(BACKOFF_MILLIS);
        spare.take();
    }

    /** A client was accepted: takes the spare back if it was lost, and ends an episode that has been quiet. */
    void accepted() {
        roomComing = false;
        spare.take();
        if (inEpisode && clock.getAsLong() - lastShortage >= EPISODE_GAP_MILLIS) {
            inEpisode = false;
            ConnectionLog.episode("file descriptors to spare again after "
                    + (lastShortage - episodeStart + 999) / 1000 + " s short of them: " + closedForRoom
                    + " idle connections closed for new clients, " + answeredBusy + " clients answered 503, "
                    + waits + " waits of " + BACKOFF_MILLIS + " ms");
        }
    }

    /** Takes the waiting client off the queue with the spare descriptor and tells it why it is not served. */
    private void answerBusy(Socket listening) {
        Socket client;
        try {
            client = listening.acceptNonBlocking();
        } catch (IOException e) {
            return; // the client gave up meanwhile, or the server stopped: nobody to answer
        }
        if (client == null) {
            return;
        }
        try {
            client.write(BUSY, 0, BUSY.length);
            answeredBusy++;
        } catch (IOException e) {
            // the client went away; nothing more to tell it
        } finally {
            client.close();
        }
    }
}
