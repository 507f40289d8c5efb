package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.UnaryOperator;
import solutions.stage1.RequestHandler;
import solutions.stage6.Stage6Node;

/**
 * The stage-6 reference whose range endpoint reads storage's ranges through {@code edit}: how a range mutant breaks
 * order, streaming or deletions without copying the endpoint. Point reads and writes stay the reference's.
 */
final class RangeReadThrough {
    private RangeReadThrough() {
    }

    static Service node(ServiceConfig config, UnaryOperator<Iterator<Entry>> edit) {
        return new Stage6Node(config) {
            @Override
            protected RequestHandler createRangeHandler(Storage storage) {
                return super.createRangeHandler(new ForwardingStorage(storage) {
                    @Override
                    public Iterator<Entry> range(byte[] from, byte[] to) throws IOException {
                        return edit.apply(delegate.range(from, to));
                    }
                });
            }
        };
    }

    /** Every entry of a range, read before the first byte of the answer is sent. */
    static List<Entry> readWhole(Iterator<Entry> stored) {
        List<Entry> all = new ArrayList<>();
        stored.forEachRemaining(all::add);
        return all;
    }
}
