package bench;

import course.contract.storage.Entry;
import course.contract.storage.StorageConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import solutions.lsm.LsmStorage;

/** The course's reference LSM engine under the benchmark. */
final class ReferenceEngine implements BenchEngine {
    private final LsmStorage storage;

    ReferenceEngine(Path dir, long flushThresholdBytes) throws IOException {
        this.storage = LsmStorage.open(new StorageConfig(dir, flushThresholdBytes));
    }

    @Override
    public String name() {
        return "reference";
    }

    @Override
    public void put(byte[] key, byte[] value) throws IOException {
        storage.upsert(new Entry(key, value));
    }

    @Override
    public byte[] get(byte[] key) throws IOException {
        return storage.get(key);
    }

    @Override
    public void settle() throws IOException {
        storage.flush();
        storage.compact();
    }

    @Override
    public Scan scan() throws IOException {
        Iterator<Entry> it = storage.range(null, null);
        return new Scan() {
            @Override
            public int next() {
                return it.hasNext() ? it.next().value().length : -1;
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public void close() throws IOException {
        storage.close();
    }
}
