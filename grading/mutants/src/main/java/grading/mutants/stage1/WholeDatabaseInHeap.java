package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

@Mutant(
        stage = 1,
        sentences = "s1-larger-than-heap",
        breaks = "every value is also cached in the heap (written through, loaded at start): "
                + "durable, but a database larger than the heap runs out of memory",
        caughtBy = "course.hidden.stage1.LargerThanHeapTest#databaseFourTimesTheHeap")
public final class WholeDatabaseInHeap extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) throws IOException {
        Map<ByteBuffer, byte[]> heap = new ConcurrentHashMap<>();
        for (Iterator<Entry> all = reference.range(null, null); all.hasNext(); ) {
            Entry e = all.next();
            heap.put(ByteBuffer.wrap(e.key()), e.value());
        }
        return new ForwardingStorage(reference) {
            @Override
            public byte[] get(byte[] key) {
                return heap.get(ByteBuffer.wrap(key));
            }

            @Override
            public void upsert(Entry entry) throws IOException {
                delegate.upsert(entry);
                if (entry.isTombstone()) {
                    heap.remove(ByteBuffer.wrap(entry.key()));
                } else {
                    heap.put(ByteBuffer.wrap(entry.key()), entry.value());
                }
            }
        };
    }
}
