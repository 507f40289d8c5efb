package solutions.lsm;

import java.util.function.BooleanSupplier;

/**
 * Whether a table file is wholly in the page cache, so that its point reads may go through the mapping: asked of
 * the kernel on the table's first point read and again every {@link #RECHECK_EVERY} point reads after it.
 *
 * <p>Why it pays to ask: while a table is in memory a read through the mapping costs neither a system call nor a
 * copy of the block (about a third of a point read's time when everything is cached), but once part of it is not,
 * each page fault on the mapping reads a window of up to the disk's read-ahead size around the missing page (see
 * {@link PositionalReader}). The answer comes from {@code mincore} ({@link java.nio.MappedByteBuffer#isLoaded}),
 * whose cost grows with the file (about a millisecond per GiB), so it is asked seldom: at one check per 65,536 reads
 * that is about 15 ns per read for each GiB of table, where a point read in memory takes about 2 µs. A table that
 * leaves the page cache between two checks is read through the mapping for at most that many reads, and the kernel
 * stops reading around the faults of a mapping whose faults keep missing. A table opened cold (after a restart) is
 * read by block until its pages are in.
 */
final class Residency {
    static final int RECHECK_EVERY = 1 << 16;

    private final BooleanSupplier inPageCache;
    // Racy on purpose: two readers that count down at once check once more or less, which only moves the next check.
    private int readsUntilCheck;
    private volatile boolean resident;

    Residency(BooleanSupplier inPageCache) {
        this.inPageCache = inPageCache;
    }

    /** Whether point reads may use the mapping now. */
    boolean resident() {
        if (--readsUntilCheck <= 0) {
            readsUntilCheck = RECHECK_EVERY;
            resident = inPageCache.getAsBoolean();
        }
        return resident;
    }
}
