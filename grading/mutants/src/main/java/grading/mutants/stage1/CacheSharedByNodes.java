package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

@Mutant(
        stage = 1,
        sentences = "c-nodes-share-nothing",
        breaks = "a read cache in a static field: every node of the JVM reads and fills the same one, so a node"
                + " answers with values another node stored",
        caughtBy = "course.tests.stage1.NodesShareNothingTest#twoNodesOfOneFactoryInOneJvmKeepTheirOwnData")
// ReferenceEquality: a deletion is the one DELETED array, told apart from an empty value by identity.
@SuppressWarnings("ReferenceEquality")
public final class CacheSharedByNodes extends StorageMutant {
    private static final byte[] DELETED = new byte[0];

    private static final Map<ByteBuffer, byte[]> CACHE = new ConcurrentHashMap<>();

    @Override
    protected Storage storage(Storage reference) {
        return new ForwardingStorage(reference) {
            @Override
            public byte[] get(byte[] key) throws IOException {
                byte[] cached = CACHE.get(ByteBuffer.wrap(key));
                if (cached == null) {
                    return delegate.get(key);
                }
                return cached == DELETED ? null : cached;
            }

            @Override
            public void upsert(Entry entry) throws IOException {
                delegate.upsert(entry);
                CACHE.put(ByteBuffer.wrap(entry.key().clone()), entry.isTombstone() ? DELETED : entry.value());
            }
        };
    }
}
