package course.load;

import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One keep-alive connection of the generator and its own schedule: requests are due every {@code intervalNs}, one
 * outstanding at a time (no pipelining, like wrk2). The due time of a request, not the moment it was actually sent,
 * is where its latency starts, so a stalled server is charged for the requests it kept waiting.
 */
final class Connection {
    enum State {
        DISCONNECTED,
        CONNECTING,
        IDLE,
        IN_FLIGHT
    }

    final Target target;
    final long intervalNs;
    final HttpResponseParser parser = new HttpResponseParser();

    State state = State.DISCONNECTED;
    SocketChannel channel;
    SelectionKey key;
    /** When the next request is due. */
    long nextDueNs;
    /** When the request in flight was due, and when it actually went out. */
    long inFlightDueNs;

    long sentNs;
    /** When the connection last became free to send (connected, or the previous response was read). */
    long idleSinceNs;

    long reconnectAtNs;
    ByteBuffer pendingWrite;

    Connection(Target target, long firstDueNs, long intervalNs) {
        this.target = target;
        this.nextDueNs = firstDueNs;
        this.intervalNs = intervalNs;
    }
}
