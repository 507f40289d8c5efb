package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(
        stage = 6,
        sentences = {"s6-range-200", "c-key-order"},
        breaks = "a range comes out in signed byte order (a merge that compares keys with Arrays.compare "
                + "or ByteBuffer.compareTo): keys with bytes >= 0x80 come before ASCII keys",
        caughtBy = "course.hidden.stage6.RangeModelTest#rangesOverManyFlushedFilesEqualTheModel")
public final class RangeInSignedOrder implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return RangeReadThrough.node(
                config,
                stored -> RangeReadThrough.readWhole(stored).stream()
                        .sorted((a, b) -> Arrays.compare(a.key(), b.key()))
                        .iterator());
    }
}
