package solutions.lsm;

import java.util.concurrent.Semaphore;

/**
 * Bytes of large values being read (from a table, or copied out of a memtable) at once, in the whole process. Each
 * read allocates an array of the value's size, and a node's workers read concurrently: four workers reading a 16 MiB
 * value each allocate 64 MiB at once, half of a 128 MiB heap, before the server can decide not to keep them (it
 * refuses answers it cannot afford to hold for slow clients). Reads beyond the limit wait for earlier ones to finish
 * (a few milliseconds each); a value larger than the limit is read alone. Small values never wait.
 */
final class LargeReads {
    /** An eighth of the heap: the rest is the server's budgets, the memtables and the JVM. */
    private static final int CAPACITY_KIB =
            (int) Math.max(1, Runtime.getRuntime().maxMemory() / 8 / 1024);

    private static final Semaphore PERMITS = new Semaphore(CAPACITY_KIB, true);
    /** Values smaller than a table block are read with their block and never wait. */
    private static final int LARGE_BYTES = BlockIndex.BLOCK_BYTES;

    private LargeReads() {}

    /** Waits until {@code bytes} may be read; returns the permits to give back with {@link #release}. */
    static int acquire(long bytes) {
        int permits = (int) Math.min(CAPACITY_KIB, (bytes + 1023) / 1024);
        PERMITS.acquireUninterruptibly(permits);
        return permits;
    }

    static void release(int permits) {
        PERMITS.release(permits);
    }

    /** A copy of a value held in memory, made within the limit when it is large. */
    static byte[] copy(byte[] value) {
        if (value.length < LARGE_BYTES) {
            return value.clone();
        }
        int permits = acquire(value.length);
        try {
            return value.clone();
        } finally {
            release(permits);
        }
    }
}
