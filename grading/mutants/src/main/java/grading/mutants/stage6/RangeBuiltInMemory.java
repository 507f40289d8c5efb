package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.Mutant;
import java.util.Iterator;
import java.util.function.UnaryOperator;

@Mutant(
        stage = 6,
        sentences = "s6-stream",
        breaks = "a range is read into memory before the first byte is sent: a range larger than the heap "
                + "runs out of memory",
        caughtBy = "course.tests.stage6.RangeLargerThanHeapTest#aRangeLargerThanTheHeapStreamsInOneRequest")
public final class RangeBuiltInMemory implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        UnaryOperator<Iterator<Entry>> inMemory =
                stored -> RangeReadThrough.readWhole(stored).iterator();
        return RangeReadThrough.node(config, inMemory);
    }
}
