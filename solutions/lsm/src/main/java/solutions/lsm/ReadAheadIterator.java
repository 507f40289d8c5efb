package solutions.lsm;

import course.contract.storage.Entry;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator that holds the next entry before it is asked for: hasNext() is then a check, not a read. Subclasses
 * say how to read one more entry ({@link #advance}) and call {@link #start} once their own fields are set.
 */
abstract class ReadAheadIterator implements Iterator<Entry> {
    private Entry pending;

    /** The entry after the last one read, or {@code null} at the end. */
    protected abstract Entry advance();

    /** Reads the first entry; called by the subclass when it is ready to read. */
    protected final void start() {
        pending = advance();
    }

    @Override
    public final boolean hasNext() {
        return pending != null;
    }

    @Override
    public final Entry next() {
        if (pending == null) {
            throw new NoSuchElementException();
        }
        Entry e = pending;
        pending = advance();
        return e;
    }
}
