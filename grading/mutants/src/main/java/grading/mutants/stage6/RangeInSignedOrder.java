package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.Mutant;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import solutions.stage1.RequestHandler;
import solutions.stage6.Stage6Node;

@Mutant(stage = 6, breaks = "a range comes out in signed byte order (a merge that compares keys with Arrays.compare "
        + "or ByteBuffer.compareTo): keys with bytes >= 0x80 come before ASCII keys",
        caughtBy = "course.hidden.stage6.RangeModelTest#rangesOverManyFlushedFilesEqualTheModel")
public final class RangeInSignedOrder implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return new Stage6Node(config) {
            @Override
            protected RequestHandler createHandler(Storage storage) throws IOException {
                return super.createHandler(new ForwardingStorage(storage) {
                    @Override
                    public Iterator<Entry> range(byte[] from, byte[] to) throws IOException {
                        List<Entry> all = new ArrayList<>();
                        delegate.range(from, to).forEachRemaining(all::add);
                        all.sort((a, b) -> Arrays.compare(a.key(), b.key()));
                        return all.iterator();
                    }
                });
            }
        };
    }
}
