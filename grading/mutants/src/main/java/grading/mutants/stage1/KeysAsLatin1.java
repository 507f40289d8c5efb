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

@Mutant(stage = 1, breaks = "keys are turned into bytes as ISO-8859-1, so different non-Latin keys collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#nonLatinKeysStayApart")
public final class KeysAsLatin1 implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                return new EntityHandler(new ForwardingStorage(storage) {
                    private byte[] latin1(byte[] utf8) {
                        return new String(utf8, StandardCharsets.UTF_8).getBytes(StandardCharsets.ISO_8859_1);
                    }

                    @Override
                    public byte[] get(byte[] key) throws IOException {
                        return delegate.get(latin1(key));
                    }

                    @Override
                    public void upsert(Entry entry) throws IOException {
                        delegate.upsert(new Entry(latin1(entry.key()), entry.value()));
                    }
                });
            }
        };
    }
}
