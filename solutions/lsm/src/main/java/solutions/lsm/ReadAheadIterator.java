package solutions.lsm;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator that holds the next item (an entry, or a table's record) before it is asked for: hasNext() is then a
 * check, not a read. Subclasses say how to read one more ({@link #advance}) and call {@link #start} once their own
 * fields are set.
 */
abstract class ReadAheadIterator<T> implements Iterator<T> {
    private T pending;

    /** The item after the last one read, or {@code null} at the end. */
    protected abstract T advance();

    /** Reads the first entry; called by the subclass when it is ready to read. */
    protected final void start() {
        pending = advance();
    }

    @Override
    public final boolean hasNext() {
        return pending != null;
    }

    @Override
    public final T next() {
        if (pending == null) {
            throw new NoSuchElementException();
        }
        T e = pending;
        pending = advance();
        return e;
    }
}
