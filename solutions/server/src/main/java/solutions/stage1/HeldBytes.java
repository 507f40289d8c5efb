package solutions.stage1;

import one.nio.net.Session;

/**
 * Bytes of an answer in a session's write queue. Those the socket did not take at once wait there until a slow client
 * reads them, so they are held in the budget for unsent answers until written or dropped with the connection.
 */
final class HeldBytes extends Session.ArrayQueueItem {
    private final ByteBudget budget;
    private long held;
    private boolean released;

    /**
     * {@code reservedBytes}: what the admission already reserved for these bytes (a large body), held until released;
     * 0 for bytes counted only if they stay queued ({@link #holdIfQueued}).
     */
    HeldBytes(byte[] data, ByteBudget budget, long reservedBytes) {
        this(data, 0, data.length, budget, reservedBytes);
    }

    /** The bytes {@code data[offset, offset + count)}; the whole array is what stays in memory while they wait. */
    HeldBytes(byte[] data, int offset, int count, ByteBudget budget, long reservedBytes) {
        super(data, offset, count, 0);
        this.budget = budget;
        this.held = reservedBytes;
    }

    /**
     * Called right after the first attempt to write: if anything is left of bytes not reserved yet, the whole array
     * stays in memory until a slow client has read it, at what it really costs the heap. Small answers are never
     * refused (errors must get out), so they are counted only once they are known to stay.
     */
    void holdIfQueued() {
        if (!released && held == 0 && remaining() > 0) {
            held = HeapFootprint.ofArray(data.length);
            budget.hold(held);
        }
    }

    /** one-nio calls this once the bytes are written, or when the connection closes before that. */
    @Override
    public void release() {
        released = true;
        if (held > 0) {
            budget.release(held);
            held = 0;
        }
    }
}
