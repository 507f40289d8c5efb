package grading.mutants.stage1;

import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-empty-value",
        breaks = "an empty value is answered 404, as if it were deleted",
        caughtBy = "course.tests.stage1.EntityProtocolTest#emptyValueIsStoredNotDeleted")
public final class EmptyValueIs404 extends StorageMutant {
    @Override
    protected Storage storage(Storage reference) {
        return ForwardingStorage.withGet(reference, (stored, key) -> {
            byte[] value = stored.get(key);
            return value == null || value.length == 0 ? null : value;
        });
    }
}
