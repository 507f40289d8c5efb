package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import java.io.IOException;
import java.util.function.UnaryOperator;

/** A storage that turns every key into another before reads and writes: how key-mangling mutants break. */
final class KeysMapped extends ForwardingStorage {
    private final UnaryOperator<byte[]> map;

    KeysMapped(Storage delegate, UnaryOperator<byte[]> map) {
        super(delegate);
        this.map = map;
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        return delegate.get(map.apply(key));
    }

    @Override
    public void upsert(Entry entry) throws IOException {
        delegate.upsert(new Entry(map.apply(entry.key()), entry.value()));
    }
}
