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
 * The stage-6 reference whose range endpoint reads storage's ranges through a mutant's change: how a range mutant
 * breaks bounds, order, streaming or deletions without copying the endpoint (or, for what it reads of a request,
 * wraps the endpoint). Point reads and writes stay the reference's.
 */
final class RangeReadThrough {
    private RangeReadThrough() {}

    /** How the range endpoint reads a range of the storage under it. */
    @FunctionalInterface
    private interface RangeRead {
        Iterator<Entry> range(Storage stored, byte[] from, byte[] to) throws IOException;
    }

    /** The reference whose range endpoint gets what {@code edit} makes of each range storage yields. */
    static Service node(ServiceConfig config, UnaryOperator<Iterator<Entry>> edit) {
        return node(config, (stored, from, to) -> edit.apply(stored.range(from, to)));
    }

    /** The reference whose range endpoint gets what {@code edit} makes of each entry storage yields, one by one. */
    static Service eachEntry(ServiceConfig config, UnaryOperator<Entry> edit) {
        return node(config, stored -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return stored.hasNext();
            }

            @Override
            public Entry next() {
                return edit.apply(stored.next());
            }
        });
    }

    /** The reference whose range endpoint asks storage for a range up to what {@code end} makes of the client's end. */
    static Service withEnd(ServiceConfig config, UnaryOperator<byte[]> end) {
        return node(config, (stored, from, to) -> stored.range(from, end.apply(to)));
    }

    /** The reference whose range endpoint is what {@code change} makes of the reference's. */
    static Service rangeHandler(ServiceConfig config, UnaryOperator<RequestHandler> change) {
        return new Stage6Node(config) {
            @Override
            protected RequestHandler createRangeHandler(Storage storage) {
                return change.apply(super.createRangeHandler(storage));
            }
        };
    }

    private static Service node(ServiceConfig config, RangeRead read) {
        return new Stage6Node(config) {
            @Override
            protected RequestHandler createRangeHandler(Storage storage) {
                return super.createRangeHandler(new ForwardingStorage(storage) {
                    @Override
                    public Iterator<Entry> range(byte[] from, byte[] to) throws IOException {
                        return read.range(delegate, from, to);
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
