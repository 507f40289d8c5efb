package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.util.Iterator;

@Mutant(
        stage = 1,
        sentences = {"s1-get", "c-get-live-value"},
        breaks = "GET reads the first entry at or after the key and never checks that it is the key",
        caughtBy = "course.tests.stage1.EntityProtocolTest#keysAreIndependent")
public final class GetReturnsNextKey implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(
                config,
                storage -> ForwardingStorage.withGet(storage, (stored, key) -> {
                    Iterator<Entry> at = stored.range(key, null);
                    return at.hasNext() ? at.next().value() : null;
                }));
    }
}
