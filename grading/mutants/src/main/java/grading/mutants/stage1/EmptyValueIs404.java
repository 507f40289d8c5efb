package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;

@Mutant(
        stage = 1,
        sentences = "s1-empty-value",
        breaks = "an empty value is answered 404, as if it were deleted",
        caughtBy = "course.tests.stage1.EntityProtocolTest#emptyValueIsStoredNotDeleted")
public final class EmptyValueIs404 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(
                config,
                storage -> ForwardingStorage.withGet(storage, (stored, key) -> {
                    byte[] value = stored.get(key);
                    return value == null || value.length == 0 ? null : value;
                }));
    }
}
