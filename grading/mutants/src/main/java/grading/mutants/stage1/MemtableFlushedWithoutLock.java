package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

@Mutant(
        stage = 1,
        sentences = "c-concurrent-requests",
        breaks = "a full memtable is swapped for a new one and written to storage without a lock: while it is being"
                + " written, other requests read past its keys (404 for acknowledged writes), and writes that still"
                + " went into it are lost",
        caughtBy = "course.tests.stage1.ConcurrentWritersTest#concurrentWritersOfNewKeysLoseNone")
public final class MemtableFlushedWithoutLock extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return new Unlocked(reference);
    }

    /** A memtable of the mutant's own in front of the reference storage, flushed into it every few hundred keys. */
    // ReferenceEquality: a deletion is the one `deleted` array, told apart from an empty value by identity.
    @SuppressWarnings("ReferenceEquality")
    private static final class Unlocked extends ForwardingStorage implements Stage1With.StoppedWithTheNode {
        private static final int FLUSH_ENTRIES = 256;

        private final byte[] deleted = new byte[0];
        private volatile ConcurrentSkipListMap<byte[], byte[]> memtable = newMemtable();

        Unlocked(Storage storage) {
            super(storage);
        }

        @Override
        public byte[] get(byte[] key) throws IOException {
            byte[] recent = memtable.get(key); // the full one being flushed is forgotten here
            if (recent == null) {
                return delegate.get(key);
            }
            return recent == deleted ? null : recent;
        }

        @Override
        public void upsert(Entry entry) throws IOException {
            ConcurrentSkipListMap<byte[], byte[]> current = memtable;
            current.put(
                    entry.key().clone(),
                    entry.isTombstone() ? deleted : entry.value().clone());
            if (current.size() >= FLUSH_ENTRIES && current == memtable) {
                memtable = newMemtable(); // no lock: another writer may still be putting into `current`
                flush(current);
            }
        }

        @Override
        public void nodeStopped() throws IOException {
            flush(memtable);
            memtable = newMemtable();
        }

        private void flush(Map<byte[], byte[]> full) throws IOException {
            for (Map.Entry<byte[], byte[]> e : full.entrySet()) {
                delegate.upsert(new Entry(e.getKey(), e.getValue() == deleted ? null : e.getValue()));
            }
        }

        private static ConcurrentSkipListMap<byte[], byte[]> newMemtable() {
            return new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
        }
    }
}
