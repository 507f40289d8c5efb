package solutions.stage1;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of request bodies the whole process may hold at once. one-nio allocates a request's body as soon as its
 * headers are parsed, and a queued request keeps it until answered; without a byte limit, 64 clients sending 1 MiB
 * values fill a 128 MiB heap with bodies and the node dies of OutOfMemoryError in its selectors. A count of queued
 * requests cannot prevent that (64 small requests and 64 large ones count the same), so this counts bytes.
 * One budget per process, not per server: the nodes of an in-process cluster share one heap.
 */
public final class BodyBudget {
    /** Overrides the default size, for tests and experiments. */
    static final String PROPERTY = "course.bodyBudgetBytes";
    private static final BodyBudget PROCESS = fromHeap();

    private final long capacityBytes;
    /** Where the size came from, for the reasons in the answers. */
    private final String origin;
    private final AtomicLong reservedBytes = new AtomicLong();

    BodyBudget(long capacityBytes, String origin) {
        this.capacityBytes = capacityBytes;
        this.origin = origin;
    }

    /** A quarter of the heap: the rest is for storage (two memtables), responses and the JVM itself. */
    private static BodyBudget fromHeap() {
        Long set = Long.getLong(PROPERTY);
        return set != null
                ? new BodyBudget(set, "set by -D" + PROPERTY)
                : new BodyBudget(Runtime.getRuntime().maxMemory() / 4,
                        "a quarter of the " + mib(Runtime.getRuntime().maxMemory()) + " heap");
    }

    public static BodyBudget ofProcess() {
        return PROCESS;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long reservedBytes() {
        return reservedBytes.get();
    }

    /** Whether a body this large could ever be accepted; if not, retrying is pointless (413, not 503). */
    public boolean couldEverFit(long bytes) {
        return bytes <= capacityBytes;
    }

    /** Reserves {@code bytes} if they fit now; every successful call must be matched by one {@link #release}. */
    public boolean tryReserve(long bytes) {
        long before;
        do {
            before = reservedBytes.get();
            if (before + bytes > capacityBytes) {
                return false;
            }
        } while (!reservedBytes.compareAndSet(before, before + bytes));
        return true;
    }

    public void release(long bytes) {
        reservedBytes.addAndGet(-bytes);
    }

    /** The 503 reason: what is full, and that a retry may succeed. */
    String busyReason(long bytes) {
        return "the node is holding " + mib(reservedBytes()) + " of request bodies, its budget is "
                + mib(capacityBytes) + " (" + origin + "); a body of " + bytes + " bytes does not fit now: retry later";
    }

    /** The 413 reason: this body can never fit on this node. */
    String tooLargeReason(long bytes) {
        return "a body of " + bytes + " bytes is larger than this node's whole budget for request bodies ("
                + mib(capacityBytes) + ", " + origin + "): send smaller values or give the node more heap";
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
