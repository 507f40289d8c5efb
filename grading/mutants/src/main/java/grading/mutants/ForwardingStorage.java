package grading.mutants;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import java.io.IOException;
import java.util.Iterator;
import java.util.function.UnaryOperator;

/** A storage that passes everything on: mutants override the one operation they break. */
public class ForwardingStorage implements Storage {
    protected final Storage delegate;

    public ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
    }

    /** What a mutant answers a point read with, given the storage under it. */
    @FunctionalInterface
    public interface Read {
        byte[] get(Storage stored, byte[] key) throws IOException;
    }

    /** {@code storage} with its point reads answered by {@code read}; everything else passes on. */
    public static Storage withGet(Storage storage, Read read) {
        return new ForwardingStorage(storage) {
            @Override
            public byte[] get(byte[] key) throws IOException {
                return read.get(delegate, key);
            }
        };
    }

    /** {@code storage} that stores what {@code write} makes of each entry; everything else passes on. */
    public static Storage withUpsert(Storage storage, UnaryOperator<Entry> write) {
        return new ForwardingStorage(storage) {
            @Override
            public void upsert(Entry entry) throws IOException {
                delegate.upsert(write.apply(entry));
            }
        };
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
