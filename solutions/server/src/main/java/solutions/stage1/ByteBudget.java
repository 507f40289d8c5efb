package solutions.stage1;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of one kind the whole process may hold at once: request bodies read but not yet answered, or answers written
 * but not yet taken by their clients. one-nio allocates a request's body as soon as its headers are parsed, and an
 * answer stays in memory until a slow client has read its last byte; without a byte limit, 64 clients sending 1 MiB
 * values, or 8 clients reading 16 MiB values slowly, fill a 128 MiB heap and the node dies of OutOfMemoryError. A
 * count of requests cannot prevent that (64 small answers and 64 large ones count the same), so this counts bytes.
 * One budget of each kind per process, not per server: the nodes of an in-process cluster share one heap.
 */
public final class ByteBudget {
    /** Overrides the default size of the budget for request bodies, for tests and experiments. */
    static final String BODIES_PROPERTY = "course.bodyBudgetBytes";
    /** Overrides the default size of the budget for unsent answers. */
    static final String ANSWERS_PROPERTY = "course.answerBudgetBytes";

    private static final ByteBudget BODIES = fromHeap("request bodies", BODIES_PROPERTY);
    private static final ByteBudget ANSWERS = fromHeap("unsent answers", ANSWERS_PROPERTY);

    private final long capacityBytes;
    /** What the budget holds, for the reasons in the answers ("request bodies"). */
    private final String holds;
    /** Where the size came from, for the reasons in the answers. */
    private final String origin;

    private final AtomicLong reservedBytes = new AtomicLong();

    ByteBudget(long capacityBytes, String holds, String origin) {
        this.capacityBytes = capacityBytes;
        this.holds = holds;
        this.origin = origin;
    }

    /**
     * A quarter of the heap each: the rest is for storage (two memtables), the values handlers hold while they work,
     * and the JVM itself.
     */
    private static ByteBudget fromHeap(String holds, String property) {
        Long set = Long.getLong(property);
        long heap = Runtime.getRuntime().maxMemory();
        return set != null
                ? new ByteBudget(set, holds, "set by -D" + property)
                : new ByteBudget(heap / 4, holds, "a quarter of the " + mib(heap) + " heap");
    }

    /** The process's budget for request bodies that were read and are not answered yet. */
    public static ByteBudget requestBodies() {
        return BODIES;
    }

    /** The process's budget for answers that slow clients have not taken yet. */
    public static ByteBudget unsentAnswers() {
        return ANSWERS;
    }

    /** A budget that never says no: what a node without this protection does (the course's mutants use it). */
    public static ByteBudget unlimited(String holds) {
        return new ByteBudget(Long.MAX_VALUE / 2, holds, "unlimited");
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long reservedBytes() {
        return reservedBytes.get();
    }

    /** Whether this many bytes could ever be accepted; if not, retrying is pointless (413, not 503). */
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

    /**
     * Reserves {@code bytes} even beyond the capacity, for memory already taken (an answer that is written and cannot
     * be taken back): later {@link #tryReserve} calls then say no until it is released.
     */
    public void hold(long bytes) {
        reservedBytes.addAndGet(bytes);
    }

    public void release(long bytes) {
        reservedBytes.addAndGet(-bytes);
    }

    /** The 503 reason: what is full, and that a retry may succeed. */
    String busyReason(long bytes) {
        return "the node is holding " + mib(reservedBytes()) + " of " + holds + ", its budget is " + mib(capacityBytes)
                + " (" + origin + "); " + bytes + " bytes more do not fit now: retry later";
    }

    /** The 413 reason: this body can never fit on this node. */
    String tooLargeReason(long bytes) {
        return "a body of " + bytes + " bytes is larger than this node's whole budget for " + holds + " ("
                + mib(capacityBytes) + ", " + origin + "): send smaller values or give the node more heap";
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
