package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.Mutant;
import java.io.ByteArrayOutputStream;
import java.util.Iterator;
import java.util.List;
import solutions.stage4.Record;

@Mutant(
        stage = 6,
        sentences = "s6-chunk-per-entry",
        breaks = "the whole range is sent as one chunk, its entries"
                + " key\\nvalue one after another with a newline between them, instead of one chunk per entry",
        caughtBy = "course.tests.stage6.RangeProtocolTest#keysInsertedInReverseComeOutSortedWithTheirValues")
public final class RangeInOneChunk implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return RangeReadThrough.node(config, RangeInOneChunk::oneEntry);
    }

    /**
     * Every entry in one: the first key, and as its value the rest of what the student's one chunk holds, so the
     * reference's framing of that one entry writes exactly that chunk.
     */
    private static Iterator<Entry> oneEntry(Iterator<Entry> stored) {
        List<Entry> live = RangeReadThrough.readWhole(stored).stream()
                .filter(e -> !Record.decode(e.value()).isTombstone())
                .toList();
        if (live.isEmpty()) {
            return live.iterator();
        }
        Record first = Record.decode(live.get(0).value());
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        rest.writeBytes(first.value());
        for (Entry e : live.subList(1, live.size())) {
            rest.write('\n');
            rest.writeBytes(e.key());
            rest.write('\n');
            rest.writeBytes(Record.decode(e.value()).value());
        }
        Entry one = new Entry(live.get(0).key(), new Record(first.timestamp(), rest.toByteArray()).encode());
        return List.of(one).iterator();
    }
}
