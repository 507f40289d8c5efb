package grading.mutants;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.io.IOException;
import java.util.Iterator;

/** A storage that passes everything on: mutants override the one operation they break. */
public class ForwardingStorage implements Storage {
    protected final Storage delegate;

    public ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        return delegate.get(key);
    }

    @Override
    public Iterator<Entry> range(byte[] from, byte[] to) throws IOException {
        return delegate.range(from, to);
    }

    @Override
    public void upsert(Entry entry) throws IOException {
        delegate.upsert(entry);
    }

    @Override
    public void flush() throws IOException {
        delegate.flush();
    }

    @Override
    public void compact() throws IOException {
        delegate.compact();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
