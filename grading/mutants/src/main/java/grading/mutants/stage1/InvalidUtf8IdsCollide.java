package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "the key goes through a Java string: ids that are not UTF-8 (%FF, %FE) all become U+FFFD,"
        + " one key", caughtBy = "course.tests.stage1.RequestFramingTest#idsThatAreNotUtf8AreTheirBytes")
public final class InvalidUtf8IdsCollide implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                return new EntityHandler(new ForwardingStorage(storage) {
                    private byte[] asText(byte[] key) {
                        return new String(key, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
                    }

                    @Override
                    public byte[] get(byte[] key) throws IOException {
                        return delegate.get(asText(key));
                    }

                    @Override
                    public void upsert(Entry entry) throws IOException {
                        delegate.upsert(new Entry(asText(entry.key()), entry.value()));
                    }
                });
            }
        };
    }
}
