package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.Mutant;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

@Mutant(
        stage = 6,
        sentences = "s6-client-gone",
        breaks = "the node keeps every stream in a set of open streams until its last entry is sent: a stream whose"
                + " client went away halfway is never let go, and holds the memtables it was reading",
        caughtBy = "course.hidden.stage6.DroppedStreamsTest#streamsDroppedHalfwayLeaveNothingBehind")
public final class StreamsKeptAfterTheClientLeft implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        Set<Iterator<Entry>> open = ConcurrentHashMap.newKeySet();
        return RangeReadThrough.node(config, stored -> {
            Iterator<Entry> stream = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    boolean more = stored.hasNext();
                    if (!more) {
                        open.remove(this); // only a stream that ran to its end is forgotten
                    }
                    return more;
                }

                @Override
                public Entry next() {
                    return stored.next();
                }
            };
            open.add(stream);
            return stream;
        });
    }
}
