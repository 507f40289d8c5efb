package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

@Mutant(
        stage = 1,
        sentences = {"s1-restart-same-object", "c-stop-releases"},
        breaks = "deletes are remembered in memory only (no tombstone is written): deleted values "
                + "come back after a restart",
        caughtBy = "course.tests.stage1.PersistenceTest#dataSurvivesRestartOfTheSameObject")
public final class DeletesOnlyInMemory extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        Set<ByteBuffer> deleted = ConcurrentHashMap.newKeySet();
        return new ForwardingStorage(reference) {
            @Override
            public byte[] get(byte[] key) throws IOException {
                return deleted.contains(ByteBuffer.wrap(key)) ? null : delegate.get(key);
            }

            @Override
            public void upsert(Entry entry) throws IOException {
                if (entry.isTombstone()) {
                    deleted.add(ByteBuffer.wrap(entry.key()));
                } else {
                    deleted.remove(ByteBuffer.wrap(entry.key()));
                    delegate.upsert(entry);
                }
            }
        };
    }
}
