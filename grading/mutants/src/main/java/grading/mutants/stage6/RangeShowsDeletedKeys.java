package grading.mutants.stage6;

import course.contract.Service;
import course.contract.ServiceConfig;
import course.contract.ServiceFactory;
import course.contract.storage.Entry;
import grading.mutants.Mutant;
import java.util.Arrays;

@Mutant(
        stage = 6,
        sentences = "s6-deleted-skipped",
        breaks = "a range does not skip deletions: deleted keys come back with an empty value",
        caughtBy = "course.tests.stage6.RangeProtocolTest#deletedKeysAreSkippedAndOverwrittenOnesShowTheirLatestValue")
public final class RangeShowsDeletedKeys implements ServiceFactory {
    @Override
    public Service create(ServiceConfig config) {
        return RangeReadThrough.eachEntry(config, e -> {
            byte[] v = e.value();
            if (v != null && v.length > FLAG && v[FLAG] == 1) {
                v = Arrays.copyOf(v, FLAG + 1);
                v[FLAG] = 0; // the deletion now reads as an empty value
            }
            return new Entry(e.key(), v);
        });
    }

    /** Stage 4 and later store {@code [timestamp: 8 bytes][tombstone flag: 1 byte][value]}. */
    private static final int FLAG = Long.BYTES;
}
