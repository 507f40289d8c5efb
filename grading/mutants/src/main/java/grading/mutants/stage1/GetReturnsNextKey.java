package grading.mutants.stage1;

import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.util.Iterator;

@Mutant(
        stage = 1,
        sentences = {"s1-get", "c-get-live-value"},
        breaks = "GET reads the first entry at or after the key and never checks that it is the key",
        caughtBy = "course.tests.stage1.EntityProtocolTest#keysAreIndependent")
public final class GetReturnsNextKey extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return ForwardingStorage.withGet(reference, (stored, key) -> {
            Iterator<Entry> at = stored.range(key, null);
            return at.hasNext() ? at.next().value() : null;
        });
    }
}
