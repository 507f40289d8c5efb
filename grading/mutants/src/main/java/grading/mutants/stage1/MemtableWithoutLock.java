package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

@Mutant(
        stage = 1,
        sentences = "c-concurrent-requests",
        breaks = "recent writes go to a memtable that is a plain TreeMap, changed by every request thread without a"
                + " lock: concurrent writes of new keys corrupt it, and keys go missing",
        caughtBy = "course.tests.stage1.ConcurrentWritersTest#concurrentWritersOfNewKeysLoseNone")
public final class MemtableWithoutLock implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(config, Unlocked::new);
    }

    /** The memtable in front of the reference storage, written to it when the node stops. */
    // ReferenceEquality: a deletion is the one `deleted` array, told apart from an empty value by identity.
    @SuppressWarnings("ReferenceEquality")
    private static final class Unlocked extends ForwardingStorage implements Stage1With.StoppedWithTheNode {
        private final byte[] deleted = new byte[0];

        private final TreeMap<byte[], byte[]> memtable = new TreeMap<>(Arrays::compareUnsigned);

        Unlocked(Storage storage) {
            super(storage);
        }

        @Override
        public byte[] get(byte[] key) throws IOException {
            byte[] recent = memtable.get(key);
            if (recent == null) {
                return delegate.get(key);
            }
            return recent == deleted ? null : recent;
        }

        @Override
        public void upsert(Entry entry) {
            memtable.put(
                    entry.key().clone(),
                    entry.isTombstone() ? deleted : entry.value().clone());
        }

        @Override
        public void nodeStopped() throws IOException {
            for (Map.Entry<byte[], byte[]> e : memtable.entrySet()) {
                delegate.upsert(new Entry(e.getKey(), e.getValue() == deleted ? null : e.getValue()));
            }
            memtable.clear();
        }
    }
}
