package grading.mutants.stage1;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.Arrays;
import solutions.stage1.EntityHandler;
import solutions.stage1.RequestHandler;
import solutions.stage1.Stage1Node;

@Mutant(stage = 1, breaks = "keys are cut to 255 bytes (a fixed-size key field), so long keys with a common start collide",
        caughtBy = "course.hidden.stage1.ProtocolEdgeCasesTest#aLongKey")
public final class LongKeysTruncated implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage1Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) {
                return new EntityHandler(new ForwardingStorage(storage) {
                    private byte[] cut(byte[] key) {
                        return key.length <= 255 ? key : Arrays.copyOf(key, 255);
                    }

                    @Override
                    public byte[] get(byte[] key) throws IOException {
                        return delegate.get(cut(key));
                    }

                    @Override
                    public void upsert(Entry entry) throws IOException {
                        delegate.upsert(new Entry(cut(entry.key()), entry.value()));
                    }
                });
            }
        };
    }
}
