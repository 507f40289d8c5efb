package solutions.stage3;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import solutions.stage1.ByteBudget;
import solutions.stage1.HeapFootprint;

/**
 * The peers' answers one client request waits for, counted in the budget for unsent answers from the moment their
 * headers arrive until the request no longer needs them. A replicated GET of a 4 MiB value brings a copy from every
 * replica: 16 clients that never read such an answer made a stage-5 node hold 30 copies and die of OutOfMemoryError,
 * while the budget saw only the 16 answers queued for the clients. An answer that does not fit is not read (its
 * replica counts as failed, with the reason), and one that arrives after {@link #release} is dropped unread.
 */
public final class PeerAnswerMemory {
    /**
     * Answers smaller than this are always read (and counted): a write's empty 201 must not fail because slow clients
     * hold the budget, and a small read costs less than its refusal would.
     */
    static final int SMALL_BYTES = 64 * 1024;

    /**
     * Whether a request of this process holds an answer beyond the budget. One at a time: when the links to the
     * replicas were slow, their answers to 48 GETs arrived together, each beyond the budget, and a stage-6 node died of
     * OutOfMemoryError although its budget was full.
     */
    private static final AtomicBoolean OVERDRAFT_TAKEN = new AtomicBoolean();

    private final ByteBudget budget;
    private final AtomicLong held = new AtomicLong();
    /** Whether this request holds the process's overdraft. */
    private final AtomicBoolean overdrawn = new AtomicBoolean();

    private volatile boolean released;

    public PeerAnswerMemory(ByteBudget budget) {
        this.budget = budget;
    }

    /**
     * Whether an answer body of {@code length} bytes may be read; if so it is held until {@link #release} or
     * {@link #letGo}. A large answer must fit in the budget, except a later one of a request that holds one already:
     * it may go beyond the budget, so that a value larger than half the budget can still be compared with the one held
     * (the request then lets go of one of the two at once), but only while no other request of the process does so.
     */
    public boolean tryHold(long length) {
        long cost = HeapFootprint.ofArray(length);
        if (released) {
            return false;
        }
        if (length < SMALL_BYTES) {
            budget.hold(cost);
        } else if (!budget.tryReserve(cost)) {
            if (held.get() == 0 || overdrawn.get() || !OVERDRAFT_TAKEN.compareAndSet(false, true)) {
                return false;
            }
            overdrawn.set(true);
            budget.hold(cost);
        }
        held.addAndGet(cost);
        if (released) { // release() ran between the check and the reservation: give it back now
            giveBack();
        }
        return true;
    }

    /** The request no longer needs this answer's value (an older one than it holds): its bytes are given back. */
    public void letGo(long length) {
        long cost = HeapFootprint.ofArray(length);
        long before;
        do {
            before = held.get();
        } while (!held.compareAndSet(before, Math.max(0, before - cost)));
        budget.release(Math.min(before, cost));
        returnOverdraft();
    }

    /** Why an answer was not read, for the replica's failure. */
    public String refusal(long length) {
        return released
                ? "its answer came after the request was decided"
                : "no room for its " + length + "-byte answer in the node's budget for answers ("
                        + budget.reservedBytes() + " of " + budget.capacityBytes() + " bytes held): retry later";
    }

    /** The request is decided: what its peers' answers held is given back, and later answers are dropped unread. */
    public void release() {
        released = true;
        giveBack();
    }

    private void giveBack() {
        long bytes = held.getAndSet(0);
        if (bytes > 0) {
            budget.release(bytes);
        }
        returnOverdraft();
    }

    /** Holding at most one answer again (or none), this request no longer needs the overdraft. */
    private void returnOverdraft() {
        if (overdrawn.compareAndSet(true, false)) {
            OVERDRAFT_TAKEN.set(false);
        }
    }
}
