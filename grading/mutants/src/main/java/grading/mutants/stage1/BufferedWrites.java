package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A memtable of a mutant's own in front of the reference storage (the "disk"): writes wait in a map until the mutant
 * writes them out, and a clean stop writes them out. Absent from the map: ask the disk; an empty Optional: deleted.
 */
abstract class BufferedWrites extends ForwardingStorage implements Stage1With.StoppedWithTheNode {
    private final Map<ByteBuffer, Optional<byte[]>> entries = new ConcurrentHashMap<>();

    BufferedWrites(Storage disk) {
        super(disk);
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        Optional<byte[]> buffered = entries.get(ByteBuffer.wrap(key));
        return buffered != null ? buffered.orElse(null) : delegate.get(key);
    }

    /** Keeps a write in memory only. */
    final void buffer(Entry entry) {
        entries.put(ByteBuffer.wrap(entry.key()), Optional.ofNullable(entry.value()));
    }

    /** Hands every buffered write to the disk and forgets them. */
    final void writeOut() throws IOException {
        for (Map.Entry<ByteBuffer, Optional<byte[]>> e : entries.entrySet()) {
            delegate.upsert(new Entry(e.getKey().array(), e.getValue().orElse(null)));
        }
        entries.clear();
    }

    @Override
    public void nodeStopped() throws IOException {
        flush();
    }
}
