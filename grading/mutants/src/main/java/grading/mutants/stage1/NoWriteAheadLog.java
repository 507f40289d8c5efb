package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "writes collect in a memtable with no write-ahead log, written to disk only when it "
        + "fills (1 MiB) or on a clean stop: kill -9 loses what was acknowledged",
        caughtBy = "course.tests.stage1.KillDuringWritesTest#acknowledgedWritesSurviveKill9")
public final class NoWriteAheadLog implements ServiceFactory {
    static final long MEMTABLE_BYTES = 1 << 20;

    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            private Memtable memtable;

            @Override
            protected RequestHandler createHandler(Storage storage) {
                memtable = new Memtable(storage);
                return new EntityHandler(memtable);
            }

            @Override
            protected void onStop() throws IOException {
                memtable.flush();
            }
        };
    }

    /** Absent from the map: ask the disk. Present with an empty Optional: deleted. */
    private static final class Memtable extends ForwardingStorage {
        private final Map<ByteBuffer, Optional<byte[]>> entries = new ConcurrentHashMap<>();
        private long bytes;

        Memtable(Storage disk) {
            super(disk);
        }

        @Override
        public byte[] get(byte[] key) throws IOException {
            Optional<byte[]> buffered = entries.get(ByteBuffer.wrap(key));
            return buffered != null ? buffered.orElse(null) : delegate.get(key);
        }

        @Override
        public synchronized void upsert(Entry entry) throws IOException {
            entries.put(ByteBuffer.wrap(entry.key()), Optional.ofNullable(entry.value()));
            bytes += entry.key().length + (entry.value() == null ? 0 : entry.value().length);
            if (bytes >= MEMTABLE_BYTES) {
                flush();
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            for (Map.Entry<ByteBuffer, Optional<byte[]>> e : entries.entrySet()) {
                delegate.upsert(new Entry(e.getKey().array(), e.getValue().orElse(null)));
            }
            entries.clear();
            bytes = 0;
        }
    }
}
