package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

@Mutant(stage = 1, breaks = "values are kept as UTF-8 text, so bytes that are not valid UTF-8 are replaced",
        caughtBy = "course.tests.stage1.EntityProtocolTest#everyByteValueComesBackExactly")
public final class ValuesAsText implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return Stage1With.storage(config, storage -> new ForwardingStorage(storage) {
            @Override
            public void upsert(Entry entry) throws IOException {
                byte[] value = entry.value() == null ? null
                        : new String(entry.value(), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
                delegate.upsert(new Entry(entry.key(), value));
            }
        });
    }
}
