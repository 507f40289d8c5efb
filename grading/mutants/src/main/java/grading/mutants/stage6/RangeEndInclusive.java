package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(
        stage = 6,
        sentences = {"s6-range-200", "c-range"},
        breaks = "a range includes its end key: start <= key <= end instead of start <= key < end",
        caughtBy = "course.hidden.stage6.RangeModelTest#rangesOverManyFlushedFilesEqualTheModel")
public final class RangeEndInclusive implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        // the key right after end (end with a 0 byte appended) as the exclusive end: end itself is in the range
        return RangeReadThrough.withEnd(config, end -> end == null ? null : Arrays.copyOf(end, end.length + 1));
    }
}
